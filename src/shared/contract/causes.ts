/**
 * Why money moved: the cause of every ledger entry, shown on the statement (`record.cause.<cause>` in the
 * messages) and filtered by it. A new flow adds its causes here, each with what it means; the ledger
 * refuses any other.
 */
const CAUSES = {
  'seed.demo': 'demo funds credited to the demo account at first start',
  deposit: 'a reviewed deposit credited from outside',
  'withdraw.freeze': 'a withdrawal requested: its amount moves from available to frozen',
  'withdraw.pay': 'a withdrawal paid out: the frozen amount leaves, the fee stays with the platform',
  'withdraw.unfreeze': 'a withdrawal rejected: its amount moves back from frozen to available',
  transfer: 'a move between two accounts of the same user',
  exchange: 'one currency exchanged for another at the settlement price, fee to the platform',
} as const;

export type LedgerCause = keyof typeof CAUSES;

export const LEDGER_CAUSES = Object.keys(CAUSES) as LedgerCause[];
