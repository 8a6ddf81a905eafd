/**
 * Loans with a pledge (issue 25; SPEC 2 common/borrow, 3 "Loan", 4, 5, 7 `/loan` `/loanLog`, 9). The user asks
 * for `money` USDT over one of the operator's cycles (`day`, from settings/site.json `loans.terms`), pledging
 * `pawn` (one of `loans.pledge_currencies`) worth the loan x the pledge ratio at the price when applying; the
 * pledge is held in the spot account until the loan ends. An operator approves (the principal is paid into the
 * spot account) or rejects (the pledge is released): `npm run ops -- loans`, `loan-approve`, `loan-reject`.
 * Interest accrues a day at a time from the payout (the first day at once), overdue interest past the due
 * date; the pledge is sold when the risk rate falls to the liquidation rate. Formulas: src/shared/domain/loans.ts.
 *
 * The wire keeps the platform's names (`money`, `day`, `status`, `limit`, `page`); the rest of the record is
 * named after SPEC 3's fields. Amounts are decimal strings; rates are fractions as settings/site.json has them.
 */
import { amountInput, arrayOf, bool, decimal, endpoints, fields, id, int, intCodes, nullable, pageOf, paging, record, str, timestamp } from './common';

/** A loan's status: 0 not reviewed, 1 approved and paid out, 2 repaid, 3 rejected, 4 closed by selling the pledge. */
export const LOAN_STATUS = intCodes({ 0: 'review', 1: 'paid', 2: 'repaid', 3: 'rejected', 4: 'liquidated' });

export const LOAN = record({
  id: int(),
  /** The principal asked for and paid out, in USDT. */
  money: decimal,
  /** The cycle in days, its daily rate, the interest over the cycle and principal plus that interest. */
  day: int(), rate: decimal, interest: decimal, repay_amount: decimal,
  /** The pledge: currency, quantity held, the price (USDT) recorded when applying, and the ratio asked. */
  pawn: str(), pawn_num: decimal, pawn_price: decimal, pawn_rate: decimal,
  status: LOAN_STATUS.schema,
  created_at: timestamp,
  /** Paid out at, and due at (null before the payout). */
  borrow_time: nullable(timestamp), due_time: nullable(timestamp),
  /** What is owed now: principal left, interest and overdue interest accrued and unpaid, and their total. */
  principal_owed: decimal, interest_owed: decimal, overdue_owed: decimal, owed: decimal,
  /**
   * While paid out (else null; the `loan_health` feed sends them again as they move): the pledge's value over what
   * is owed at its last price (1.25 is 125 %), the pledge price at which it is sold, that last price, and whole days
   * until the due date (0 once overdue).
   */
  risk_rate: nullable(decimal), liquidation_price: nullable(decimal), pawn_last_price: nullable(decimal), days_left: nullable(int()),
  /** The risk rate is at or below the warning rate: the borrower should add to the pledge or repay. */
  at_risk: bool,
  /** The risk rates copied from the terms when applying: warned at the first, the pledge sold at the second. */
  warning_risk_rate: decimal, liquidation_risk_rate: decimal,
  /** Closed (repaid, rejected or sold) at; the operator's reason of a rejection, or what was sold of the pledge, in the reader's language. */
  closed_at: nullable(timestamp), reason: str(),
  /** Closed by selling the pledge: how much of it the house took, and at which price (USDT). */
  sold_pledge: nullable(decimal), sold_price: nullable(decimal),
});

export const LOAN_REPAYMENT = record({
  id: int(), loan_id: int(), amount: decimal,
  /** How it was spent: overdue interest, then interest, then principal. */
  overdue: decimal, interest: decimal, principal: decimal,
  created_at: timestamp,
});

/** The operator's loan terms (settings/site.json `loans`): bounds in USDT, cycles with their daily rate, pledge currencies and rates (fractions). */
const LOAN_TERMS_FIELDS = {
  min: decimal, max: decimal,
  cycles: arrayOf(record({ day: int(), rate: decimal })),
  pledge_currencies: arrayOf(str()),
  pawn_rate: decimal, warning_risk_rate: decimal, liquidation_risk_rate: decimal, overdue_rate: decimal,
};

export const loanEndpoints = endpoints([
  {
    method: 'GET', path: '/loan/terms', auth: false, refreshOn: ['config'],
    summary: 'The operator\'s loan terms, for anyone (the loan intro page): bounds, cycles and their daily rates, pledge currencies and rates. '
      + 'Ours: the platform\'s app reads them from `getSiteConfig` as pipe lists',
    response: record(LOAN_TERMS_FIELDS),
  },
  {
    method: 'POST', path: '/loan/info', auth: true, refreshOn: ['balance', 'config'],
    summary: 'The loan being typed: the operator\'s terms, the pledge currency\'s last price and the user\'s available balance of it, and for a '
      + 'complete `money` and `day` what the loan would pledge, cost and be repaid with, and the pledge price at which it would be sold',
    request: fields({ money: amountInput, day: int({ minimum: 1, maximum: 3650 }), pawn: str({ maxLength: 10, pattern: '^[A-Z0-9]{2,10}$' }) }),
    response: record({
      ...LOAN_TERMS_FIELDS,
      /** The pledge currency asked about (`pawn`, else the first offered), its last price in USDT and the user's available balance of it. */
      pawn: str(), pawn_price: decimal, available: decimal,
      /** For a `money` within the bounds and an offered `day` (else null): the pledge asked, the day's and the cycle's interest, what is repaid, when, and the pledge price at which the loan would be sold. */
      quote: nullable(record({ pawn_num: decimal, day_interest: decimal, interest: decimal, repay_amount: decimal, due_time: timestamp, liquidation_price: decimal })),
    }),
  },
  {
    method: 'POST', path: '/loan', auth: true, changes: ['balance', 'earn'], idempotent: true, confirm: 'loan.applied',
    summary: 'Apply for a loan of `money` USDT over the cycle of `day` days, pledging `pawn` (the only pledge currency when one is offered); '
      + 'the pledge (money x pledge ratio at the last price) is held until the loan ends. An operator approves (paid out) or rejects it',
    request: fields({ money: amountInput, day: int({ minimum: 1, maximum: 3650 }), pawn: str({ maxLength: 10, pattern: '^[A-Z0-9]{2,10}$' }) }, ['money', 'day']),
    messages: { 'money.required': 'api.loan.amount_required', 'day.required': 'api.loan.cycle_required', 'pawn.pattern': 'api.loan.pledge_invalid' },
    response: LOAN,
  },
  {
    method: 'GET', path: '/loanLog', auth: true, refreshOn: ['balance', 'earn'], patchOn: ['loan_health'],
    summary: 'The user\'s loans, newest first: all of them, or those of one `status` (LOAN_STATUS), with what each owes now',
    request: fields({ ...paging, status: LOAN_STATUS.schema }),
    response: pageOf(LOAN),
  },
  {
    method: 'POST', path: '/loan/repay/info', auth: true, refreshOn: ['balance', 'earn'], patchOn: ['loan_health'],
    summary: 'The repayment being typed: the loan of `id` with what it owes now (the days due accrued), the available USDT, and for an `amount` '
      + 'how it would be spent (overdue interest, interest, principal) and what would be left, or why it would be refused',
    request: fields({ id: id(), amount: amountInput }, ['id']),
    response: record({
      loan: LOAN,
      available: decimal,
      /** For a typed amount the repayment would take (else null); `problem` the reason it would be refused (an api.loan.* key's suffix). */
      split: nullable(record({ overdue: decimal, interest: decimal, principal: decimal, left: decimal })),
      problem: nullable(str({ enum: ['not_above_principal', 'above_owed'] })),
    }),
  },
  {
    method: 'POST', path: '/loan/repay', auth: true, changes: ['balance', 'earn'], idempotent: true, confirm: 'loan.repaid',
    summary: 'Repay `amount` USDT of loan `id` from the spot account: more than the principal left (SPEC 5) and at most what is owed; '
      + 'overdue interest is paid first, then interest, then principal. Paying everything ends the loan and releases the pledge',
    request: fields({ id: id(), amount: amountInput }, ['id', 'amount']),
    messages: { 'amount.required': 'api.loan.repay_required' },
    response: record({ loan: LOAN, repayment: LOAN_REPAYMENT }),
  },
  {
    method: 'POST', path: '/loan/pledge/info', auth: true, refreshOn: ['balance', 'earn'], patchOn: ['loan_health'],
    summary: 'A pledge top-up being typed: the loan of `id`, the user\'s available balance of its pledge currency, and for an `amount` the '
      + 'pledge, risk rate and liquidation price it would leave',
    request: fields({ id: id(), amount: amountInput }, ['id']),
    response: record({
      loan: LOAN,
      available: decimal,
      /** For a typed amount (else null). */
      after: nullable(record({ pawn_num: decimal, risk_rate: nullable(decimal), liquidation_price: nullable(decimal) })),
    }),
  },
  {
    method: 'POST', path: '/loan/pledge', auth: true, changes: ['balance', 'earn'], idempotent: true, confirm: 'loan.pledge_added',
    summary: 'Top up the pledge of loan `id` (paid out) with `amount` of its pledge currency from the spot account: the risk rate rises and '
      + 'the liquidation price falls; a warning already given may be given again after a new fall',
    request: fields({ id: id(), amount: amountInput }, ['id', 'amount']),
    messages: { 'amount.required': 'api.loan.pledge_amount_required' },
    response: LOAN,
  },
  {
    method: 'GET', path: '/loan/repayments', auth: true, refreshOn: ['balance', 'earn'],
    summary: 'The user\'s repayments, newest first: of all loans, or of loan `id`',
    request: fields({ ...paging, id: id() }),
    response: pageOf(LOAN_REPAYMENT),
  },
]);

/** Why money moves in loans: the ledger causes of this area (causes.ts lists every area's). */
export const LOAN_CAUSES = {
  'loan.pledge': 'a loan applied for: its pledge moves from available to frozen',
  'loan.pledge_add': 'a pledge topped up by its borrower: more of the pledge currency moves from available to frozen',
  'loan.release': 'a loan rejected or repaid in full: its pledge moves back to available',
  'loan.payout': 'a loan approved: the house pays the principal into the spot account',
  'loan.repay': 'a loan repayment from the spot account to the house',
  'loan.liquidate': 'a loan whose risk rate fell to the liquidation rate: the house takes of the pledge what is owed at the last price, the rest is released',
} as const;

