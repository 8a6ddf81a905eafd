/**
 * The referral programme (issue 26; SPEC 2 setting/share, 3 "Promotion", 9 referral rebate): the user's
 * invitation code (their link opens registration with it filled), what the rebate pays by level (the rates and
 * threshold of settings/referral.json), the people they brought in per level and who of them traded, the
 * rebates paid, and the people they invited themselves.
 */
import { arrayOf, bool, decimal, endpoints, fields, int, pageOf, paging, record, str, timestamp } from './common';

export const REFERRAL_LEVEL = record({
  level: int({ minimum: 1 }),
  /** The share of this level's recharges, a fraction ("0.05" is 5 %). */
  rate: decimal,
  /** How many people are at this level below the user, and how many of them have traded. */
  invitees: int({ minimum: 0 }), traded: int({ minimum: 0 }),
  /** The rebates paid to the user of this level's recharges, in USDT. */
  rebate: decimal,
});

export const REFERRAL_REBATE = record({
  id: int(),
  /** The UTC day whose recharges it pays (`2026-11-28`). */
  day: str(),
  amount: decimal, currency: str(),
  /** How many downline people's recharges it pays for. */
  people: int({ minimum: 1 }),
  create_time: timestamp,
});

export const REFERRAL_INVITEE = record({
  /** The invitee's account, masked (`ab****c@example.com`). */
  account: str(),
  registered_at: timestamp,
  traded: bool,
});

export const referralEndpoints = endpoints([
  {
    method: 'GET', path: '/referral/info', auth: true, refreshOn: ['balance'],
    summary: 'Ours: the user\'s invitation code, the rebate\'s terms, and per level the people below the user, who of them traded and the rebates paid',
    response: record({
      extension_code: str(), currency: str(),
      /** A downline person's recharges of one day count when their total is above it (USDT). */
      daily_recharge_above: decimal,
      invitees: int({ minimum: 0 }), traded: int({ minimum: 0 }), rebate_total: decimal,
      levels: arrayOf(REFERRAL_LEVEL),
    }),
  },
  {
    method: 'GET', path: '/referral/rebates', auth: true, refreshOn: ['balance'],
    summary: 'Ours: the rebates paid to the user, one a day at most, newest first',
    request: fields({ ...paging }),
    response: pageOf(REFERRAL_REBATE),
  },
  {
    method: 'GET', path: '/referral/invitees', auth: true,
    summary: 'Ours: the people the user invited, newest first, masked, with whether each has traded',
    request: fields({ ...paging }),
    response: pageOf(REFERRAL_INVITEE),
  },
]);

/** Why money moves in the referral programme: the ledger causes of this area. */
export const REFERRAL_CAUSES = {
  'referral.rebate': 'the day\'s referral rebate: the house pays the user their share of their downline\'s recharges (settings/referral.json)',
} as const;
