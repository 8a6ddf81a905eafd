/** Who can hold money, and in which account types (SPEC 5: legal 1, change 2, lever 3, micro 4; fund overview: mining, stock). */
export const ACCOUNT_TYPES = { legal: 1, change: 2, lever: 3, micro: 4, mining: 5, stock: 6 } as const;
export type AccountType = (typeof ACCOUNT_TYPES)[keyof typeof ACCOUNT_TYPES];

/**
 * The platform's side of every movement: `outside` (money entering by deposit and leaving by withdrawal),
 * `fees` (fees charged), `house` (the counterparty of trades, settlements and payouts). Their balances may
 * be negative: `outside` is minus everything ever deposited and not withdrawn. They are the sums of their
 * postings: their rows are never locked nor updated (ledger/index.ts).
 */
export const PLATFORM_ACCOUNTS = ['outside', 'fees', 'house'] as const;
export type PlatformAccount = (typeof PLATFORM_ACCOUNTS)[number];

export type Bucket = 'available' | 'frozen' | 'locked';
export const BUCKETS: readonly Bucket[] = ['available', 'frozen', 'locked'];

export type AccountRef =
  | { user: number; currency: number; type: AccountType }
  | { platform: PlatformAccount; currency: number };

/** The unique key of an account: owner text, currency and type (platform accounts use type 0). */
export function accountKey(ref: AccountRef): { owner: string; user_id: number | null; currency_id: number; type: number } {
  return 'user' in ref
    ? { owner: `user:${ref.user}`, user_id: ref.user, currency_id: ref.currency, type: ref.type }
    : { owner: `platform:${ref.platform}`, user_id: null, currency_id: ref.currency, type: 0 };
}
