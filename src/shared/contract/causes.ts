/**
 * Why money moved: the cause of every ledger entry, shown on the statement (`record.cause.<cause>` in the
 * messages) and filtered by it. A new flow adds its causes here; the ledger refuses any other.
 */
export const LEDGER_CAUSES = [
  'seed.demo',
  'deposit',
  'withdraw.freeze',
  'withdraw.pay',
  'withdraw.unfreeze',
  'transfer',
  'exchange',
] as const;

export type LedgerCause = (typeof LEDGER_CAUSES)[number];
