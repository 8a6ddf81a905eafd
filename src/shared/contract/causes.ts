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
  'spot.trade': 'a spot market order filled at the recorded price, fee to the platform',
  'spot.freeze': 'a spot limit order placed: what it may spend moves from available to frozen',
  'spot.fill': 'a spot limit order filled at its price when the market crossed it, fee to the platform',
  'spot.cancel': 'a spot limit order cancelled: its frozen amount moves back to available',
  'contract.entrust': 'a contract limit order placed: margin and opening fee move from available to frozen',
  'contract.cancel': 'a contract limit order cancelled: its margin and fee move back to available',
  'contract.open': 'a contract position opened: margin frozen, opening fee to the platform',
  'contract.overnight': 'the daily overnight fee of an open position, taken from its margin',
  'contract.close': 'a contract position closed (by the user, take-profit, stop-loss or liquidation): margin plus profit or minus loss back',
  'seconds.stake': 'a seconds contract placed: the stake moves from available to frozen',
  'seconds.settle': 'a seconds contract settled at expiry: stake plus payout, the stake, or nothing back',
  'mining.lock': 'a lock-mining order: the amount moves from the spot account to the mining account\'s locked balance',
  'mining.yield': 'a day\'s lock-mining yield, paid by the house to the spot account',
  'mining.release': 'a lock-mining order at the end of its term: the principal returns to the spot account',
  'mining.redeem': 'a lock-mining order redeemed early: the principal returns less the penalty, which the house keeps',
  'dual.buy': 'a dual-investment purchase: the amount moves from available to locked in the spot account',
  'dual.settle': 'a dual investment settled at maturity: the locked amount goes to the house, which pays the outcome in the base currency or the quote',
  'ieo.apply': 'an IEO application: its cost moves from available to frozen in the spot account',
  'ieo.allocate': 'an IEO allocation: the cost of the tokens passed goes to the house, the rest back to available, the tokens locked',
  'ieo.release': 'IEO tokens released after the lock period: from locked to available',
  'dual.refund': 'a dual investment refunded whole because the operator cancelled the product',
} as const;

export type LedgerCause = keyof typeof CAUSES;

export const LEDGER_CAUSES = Object.keys(CAUSES) as LedgerCause[];
