/*
 * GENERATED from src/server/db/migrations/*.sql by `npm run gen:db-types` (scripts/gen-db-types.ts).
 * Do not edit: change a migration and run the command again.
 */
import type { ColumnType, Generated } from 'kysely';

/** bigint and bigserial: strings from pg, numbers from PGlite. */
export type Int8 = string | number;
/** NUMERIC comes back as a decimal string on both backends. */
export type Numeric = ColumnType<string, string, string>;
export type NumericDefault = ColumnType<string, string | undefined, string>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface AreaCodesTable {
  id: Generated<number>;
  name: string;
  area_code: string;
  iso: string;
  sort: Generated<number>;
}

export interface ArticleTextsTable {
  article_id: number;
  lang: string;
  title: string;
  summary: Generated<string>;
  content: Generated<string>;
  thumbnail: Generated<string>;
}

export interface ArticlesTable {
  id: Generated<number>;
  c_id: number;
  thumbnail: Generated<string>;
  is_pop: Generated<boolean>;
  visible: Generated<boolean>;
  sort: Generated<number>;
  created_at: TimestampDefault;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  created_at: TimestampDefault;
  last_used_at: TimestampDefault;
  revoked_at: NullableTimestamp;
  id: Generated<number>;
  user_agent: Generated<string>;
  client_ip: Generated<string>;
}

export interface BankCardsTable {
  user_id: number;
  kind: 'domestic' | 'international';
  real_name: string;
  bank_account: string;
  iban: string;
  bank_name: string;
  bank_address: string;
  bank_network: string;
  bank_code: string;
  phone: string;
  bank_dizhi: string;
  aba_number: string;
  updated_at: TimestampDefault;
  alipay_account: Generated<string>;
  wechat_account: Generated<string>;
  wechat_nickname: Generated<string>;
}

export interface ContractMarketsTable {
  symbol: string;
  enabled: Generated<boolean>;
  lot_size: Numeric;
  multiples: string;
  fee_rate: Numeric;
  overnight_rate: Numeric;
  maintenance_rate: Numeric;
  max_lots: number;
  updated_at: TimestampDefault;
}

export interface ContractPositionsTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  direction: 'long' | 'short';
  price_type: 'market' | 'limit';
  status: 'entrust' | 'open' | 'closed' | 'cancelled';
  lots: number;
  lot_size: Numeric;
  multiple: number;
  entrust_price: ColumnType<string | null, string | null | undefined, string | null>;
  open_price: ColumnType<string | null, string | null | undefined, string | null>;
  margin: Numeric;
  fee: Numeric;
  overnight_fee: NumericDefault;
  overnight_rate: Numeric;
  maintenance_rate: Numeric;
  target_profit_price: ColumnType<string | null, string | null | undefined, string | null>;
  stop_loss_price: ColumnType<string | null, string | null | undefined, string | null>;
  liquidation_price: ColumnType<string | null, string | null | undefined, string | null>;
  close_price: ColumnType<string | null, string | null | undefined, string | null>;
  profit: ColumnType<string | null, string | null | undefined, string | null>;
  close_reason: ColumnType<'user' | 'take_profit' | 'stop_loss' | 'liquidation' | null, 'user' | 'take_profit' | 'stop_loss' | 'liquidation' | null | undefined, 'user' | 'take_profit' | 'stop_loss' | 'liquidation' | null>;
  created_at: Timestamp;
  opened_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  overnight_at: NullableTimestamp;
}

export interface CurrencyChainsTable {
  currency_id: number;
  chain: string;
  deposit_address: string;
  deposit_min: Numeric;
  withdraw_min: Numeric;
  withdraw_fee: Numeric;
  sort: Generated<number>;
}

export interface DepositsTable {
  id: Generated<Int8>;
  user_id: number;
  currency_id: number;
  chain: string;
  amount: Numeric;
  voucher: string;
  status: Generated<number>;
  reason: Generated<string>;
  entry_id: ColumnType<Int8 | null, Int8 | null | undefined, Int8 | null>;
  created_at: TimestampDefault;
  reviewed_at: NullableTimestamp;
}

export interface DualOrdersTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  num: number;
  amount: Numeric;
  invest_currency: number;
  status: 'purchased' | 'settlement' | 'success' | 'fail';
  settle_price: ColumnType<string | null, string | null | undefined, string | null>;
  payout: ColumnType<string | null, string | null | undefined, string | null>;
  payout_currency: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  settled_at: NullableTimestamp;
}

export interface DualProductsTable {
  id: Generated<number>;
  currency_id: number;
  quote_id: number;
  type: 'sell_high' | 'buy_low';
  unit_price: Numeric;
  annual_rate: Numeric;
  peg_price: Numeric;
  peg_offset: NumericDefault;
  days: number;
  value_at: Timestamp;
  settle_at: Timestamp;
  total_shares: number;
  remaining_shares: number;
  status: Generated<'open' | 'settled' | 'cancelled'>;
  settle_price: ColumnType<string | null, string | null | undefined, string | null>;
  renew: Generated<boolean>;
  renewed: Generated<boolean>;
  sort: Generated<number>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
}

export interface FaqTextsTable {
  faq_id: number;
  lang: string;
  question: string;
  answer: string;
}

export interface FaqsTable {
  id: Generated<number>;
  sort: Generated<number>;
  visible: Generated<boolean>;
}

export interface FiatOrdersTable {
  id: Generated<number>;
  user_id: number;
  country: string;
  currency: string;
  method: 'bank' | 'card' | 'wallet';
  amount: Numeric;
  fee: Numeric;
  rate: Numeric;
  receive: Numeric;
  status: 'to_pay' | 'transfer_completed' | 'successful' | 'cancelled' | 'failed';
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  tax_id: string;
  expires_at: NullableTimestamp;
  beneficiary: ColumnType<unknown | null, unknown | null | undefined, unknown | null>;
  voucher: ColumnType<string | null, string | null | undefined, string | null>;
  provider: ColumnType<string | null, string | null | undefined, string | null>;
  provider_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  pay_url: ColumnType<string | null, string | null | undefined, string | null>;
  reason: Generated<string>;
  created_at: Timestamp;
  closed_at: NullableTimestamp;
  close_code: ColumnType<'expired' | 'declined' | null, 'expired' | 'declined' | null | undefined, 'expired' | 'declined' | null>;
}

export interface FiatRatesTable {
  currency_code: string;
  rate: Numeric;
  sort: Generated<number>;
  updated_at: TimestampDefault;
}

export interface HoldsTable {
  id: Generated<Int8>;
  account_id: Int8;
  user_id: number;
  currency_id: number;
  type: number;
  cause: string;
  ref: string;
  amount: Numeric;
  captured: NumericDefault;
  released: NumericDefault;
  state: Generated<'open' | 'captured' | 'released' | 'settled'>;
  created_at: TimestampDefault;
  resolved_at: NullableTimestamp;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  endpoint: string;
  request_hash: string;
  response: string;
  created_at: TimestampDefault;
}

export interface IdentitySubmissionsTable {
  id: Generated<Int8>;
  user_id: number;
  level: number;
  id_type: Generated<'' | 'id_card' | 'passport' | 'driver_license'>;
  card_id: Generated<string>;
  address: Generated<string>;
  front_pic: Generated<string>;
  reverse_pic: Generated<string>;
  hand_pic: Generated<string>;
  status: Generated<number>;
  reason: Generated<string>;
  created_at: TimestampDefault;
  reviewed_at: NullableTimestamp;
  name: Generated<string>;
}

export interface IeoOrdersTable {
  id: Generated<number>;
  user_id: number;
  project_id: number;
  quantity: Numeric;
  price: Numeric;
  pay_currency_id: number;
  pay_amount: Numeric;
  status: 'applied' | 'allocated' | 'released';
  passed: ColumnType<string | null, string | null | undefined, string | null>;
  cost: ColumnType<string | null, string | null | undefined, string | null>;
  refund: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  allocated_at: NullableTimestamp;
  release_at: NullableTimestamp;
  released_at: NullableTimestamp;
}

export interface IeoProjectsTable {
  id: Generated<number>;
  name: string;
  currency_id: number;
  pay_currency_id: number;
  price: Numeric;
  total: Numeric;
  applied: NumericDefault;
  passed: NumericDefault;
  min_amount: Numeric;
  max_amount: Numeric;
  lock_days: Generated<number>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  listing_at: Timestamp;
  white_paper: Generated<string>;
  website: Generated<string>;
  intro: Generated<string>;
  status: Generated<'warmup' | 'active' | 'done'>;
  sort: Generated<number>;
  updated_at: TimestampDefault;
  logo: Generated<string>;
}

export interface JobRunsTable {
  id: Generated<Int8>;
  name: string;
  key: string;
  due_at: Timestamp;
  done_at: NullableTimestamp;
  attempts: Generated<number>;
  retry_at: NullableTimestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: TimestampDefault;
}

export interface LedgerAccountsTable {
  id: Generated<Int8>;
  owner: string;
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  currency_id: number;
  type: number;
  available: NumericDefault;
  frozen: NumericDefault;
  locked: NumericDefault;
  updated_at: TimestampDefault;
}

export interface LedgerEntriesTable {
  id: Generated<Int8>;
  cause: string;
  ref: Generated<string>;
  created_at: TimestampDefault;
}

export interface LedgerPostingsTable {
  id: Generated<Int8>;
  entry_id: Int8;
  account_id: Int8;
  bucket: 'available' | 'frozen' | 'locked';
  amount: Numeric;
}

export interface LoanRepaymentsTable {
  id: Generated<number>;
  loan_id: number;
  user_id: number;
  amount: Numeric;
  overdue: Numeric;
  interest: Numeric;
  principal: Numeric;
  created_at: Timestamp;
}

export interface LoansTable {
  id: Generated<number>;
  user_id: number;
  principal: Numeric;
  days: number;
  daily_rate: Numeric;
  pledge_currency_id: number;
  pledge: Numeric;
  pledge_price: Numeric;
  pledge_ratio: Numeric;
  warning_risk_rate: Numeric;
  liquidation_risk_rate: Numeric;
  overdue_rate: Numeric;
  status: 'review' | 'paid' | 'repaid' | 'rejected' | 'liquidated';
  created_at: Timestamp;
  borrowed_at: NullableTimestamp;
  due_at: NullableTimestamp;
  principal_owed: Numeric;
  interest_owed: NumericDefault;
  overdue_owed: NumericDefault;
  days_accrued: Generated<number>;
  next_accrual_at: NullableTimestamp;
  warning_price: ColumnType<string | null, string | null | undefined, string | null>;
  liquidation_price: ColumnType<string | null, string | null | undefined, string | null>;
  warned_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  reason: Generated<string>;
  pledge_topups: Generated<number>;
  sold_pledge: ColumnType<string | null, string | null | undefined, string | null>;
  sold_price: ColumnType<string | null, string | null | undefined, string | null>;
  due_reminded_at: NullableTimestamp;
}

export interface MarketCandlesTable {
  symbol: string;
  period: string;
  time: Int8;
  open: Int8;
  high: Int8;
  low: Int8;
  close: Int8;
  volume: Int8;
}

export interface MarketSettlementsTable {
  id: Generated<Int8>;
  symbol: string;
  price: Numeric;
  priced_at: Timestamp;
  cause: string;
  ref: string;
  created_at: TimestampDefault;
}

export interface MarketStateTable {
  key: string;
  value: string;
  updated_at: TimestampDefault;
}

export interface MenuItemsTable {
  id: Generated<number>;
  key: string;
  icon: string;
  route: string;
  sort: Generated<number>;
  visible: Generated<boolean>;
  is_financial: Generated<boolean>;
}

export interface MiningOrdersTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  currency_id: number;
  amount: Numeric;
  daily_rate_min: Numeric;
  daily_rate_max: Numeric;
  lock_days: number;
  dividend_minute: number;
  early_ratio: Numeric;
  status: 'locked' | 'redeemed' | 'early';
  locked_at: Timestamp;
  value_at: Timestamp;
  ends_at: Timestamp;
  next_due_at: NullableTimestamp;
  days_paid: Generated<number>;
  earned: NumericDefault;
  penalty: ColumnType<string | null, string | null | undefined, string | null>;
  returned: ColumnType<string | null, string | null | undefined, string | null>;
  redeemed_at: NullableTimestamp;
}

export interface MiningPlansTable {
  id: Generated<number>;
  currency_id: number;
  min_amount: Numeric;
  max_amount: Numeric;
  daily_rate_min: Numeric;
  daily_rate_max: Numeric;
  lock_days: number;
  dividend_minute: Generated<number>;
  early_ratio: Numeric;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  updated_at: TimestampDefault;
  category: Generated<'lock' | 'defi' | 'cloud'>;
}

export interface MiningYieldsTable {
  order_id: number;
  day: number;
  rate: Numeric;
  amount: Numeric;
  paid_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  scene: string;
  subject: string;
  body: string;
  code: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: TimestampDefault;
}

export interface PagesTable {
  slug: string;
  lang: string;
  title: string;
  content: string;
}

export interface RechargesTable {
  id: Generated<number>;
  user_id: number;
  ref: string;
  usdt_value: Numeric;
  credited_at: Timestamp;
}

export interface ReferralRebateItemsTable {
  rebate_id: number;
  from_user_id: number;
  level: number;
  recharge: Numeric;
  rate: Numeric;
  amount: Numeric;
}

export interface ReferralRebatesTable {
  id: Generated<number>;
  user_id: number;
  day: string;
  amount: Numeric;
  entry_id: Int8;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: TimestampDefault;
}

export interface SecondsMarketsTable {
  symbol: string;
  enabled: Generated<boolean>;
  updated_at: TimestampDefault;
}

export interface SecondsOrdersTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  currency_id: number;
  direction: 'up' | 'down';
  seconds: number;
  number: Numeric;
  payout_rate: Numeric;
  open_price: Numeric;
  opened_at: Timestamp;
  expires_at: Timestamp;
  status: 'open' | 'settled';
  close_price: ColumnType<string | null, string | null | undefined, string | null>;
  result: ColumnType<'win' | 'loss' | 'draw' | null, 'win' | 'loss' | 'draw' | null | undefined, 'win' | 'loss' | 'draw' | null>;
  payout: ColumnType<string | null, string | null | undefined, string | null>;
  settled_at: NullableTimestamp;
}

export interface SecondsTermsTable {
  currency_id: number;
  seconds: number;
  payout_rate: Numeric;
  min_number: Numeric;
  max_number: Numeric;
  enabled: Generated<boolean>;
  updated_at: TimestampDefault;
}

export interface SettingsTable {
  keyword: string;
  lang: Generated<string>;
  value: string;
}

export interface SigningKeysTable {
  name: string;
  secret: string;
  created_at: TimestampDefault;
}

export interface SiteConfigTable {
  key: string;
  value: string;
}

export interface SpotMarketsTable {
  symbol: string;
  enabled: Generated<boolean>;
  fee_rate: Numeric;
  min_amount: Numeric;
  updated_at: TimestampDefault;
}

export interface SpotOrdersTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  kind: 'market' | 'limit';
  limit_price: ColumnType<string | null, string | null | undefined, string | null>;
  amount: Numeric;
  frozen: NumericDefault;
  fee_rate: Numeric;
  status: 'open' | 'filled' | 'cancelled';
  fill_price: ColumnType<string | null, string | null | undefined, string | null>;
  total: ColumnType<string | null, string | null | undefined, string | null>;
  fee: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  done_at: NullableTimestamp;
}

export interface ThrottleCountersTable {
  key: string;
  count: number;
  expires_at: Timestamp;
}

export interface UploadsTable {
  name: string;
  user_id: number;
  public: Generated<boolean>;
  created_at: TimestampDefault;
}

export interface UserCouponsTable {
  id: Generated<number>;
  user_id: number;
  code: string;
  kind: 'fee_discount' | 'deposit_bonus';
  rate: ColumnType<string | null, string | null | undefined, string | null>;
  amount: ColumnType<string | null, string | null | undefined, string | null>;
  max: ColumnType<string | null, string | null | undefined, string | null>;
  min: Numeric;
  products: Generated<string>;
  source: 'claim' | 'registration' | 'first_deposit';
  status: Generated<'available' | 'used'>;
  got_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  used_ref: ColumnType<string | null, string | null | undefined, string | null>;
  saving: ColumnType<string | null, string | null | undefined, string | null>;
  saving_currency: ColumnType<number | null, number | null | undefined, number | null>;
  entry_id: ColumnType<Int8 | null, Int8 | null | undefined, Int8 | null>;
}

export interface UserMessagesTable {
  id: Generated<number>;
  user_id: number;
  topic: string;
  params: Generated<unknown>;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: ColumnType<string | null, string | null | undefined, string | null>;
  mobile: ColumnType<string | null, string | null | undefined, string | null>;
  area_code: ColumnType<string | null, string | null | undefined, string | null>;
  password_hash: string;
  pay_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  nickname: Generated<string>;
  head_portrait: Generated<string>;
  signature: Generated<string>;
  extension_code: string;
  parent_id: ColumnType<number | null, number | null | undefined, number | null>;
  credit_score: Generated<number>;
  vip_level: Generated<number>;
  real_state: Generated<number>;
  real_level: Generated<number>;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  vip_floor: Generated<number>;
  muted_messages: Generated<string>;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  address: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: TimestampDefault;
}

export interface WalletAddressesTable {
  id: Generated<Int8>;
  user_id: number;
  currency_id: number;
  chain: string;
  name: string;
  address: string;
  qrcode: string;
  created_at: TimestampDefault;
}

export interface WatchlistTable {
  user_id: number;
  symbol: string;
  created_at: TimestampDefault;
}

export interface WithdrawalsTable {
  id: Generated<Int8>;
  user_id: number;
  currency_id: number;
  chain: string;
  address: string;
  amount: Numeric;
  fee: Numeric;
  status: Generated<number>;
  reason: Generated<string>;
  created_at: TimestampDefault;
  reviewed_at: NullableTimestamp;
  destination: Generated<'address' | 'bank' | 'international'>;
  address_id: ColumnType<Int8 | null, Int8 | null | undefined, Int8 | null>;
  payee: Generated<string>;
}

export interface DB {
  area_codes: AreaCodesTable;
  article_texts: ArticleTextsTable;
  articles: ArticlesTable;
  auth_tokens: AuthTokensTable;
  bank_cards: BankCardsTable;
  contract_markets: ContractMarketsTable;
  contract_positions: ContractPositionsTable;
  currency_chains: CurrencyChainsTable;
  deposits: DepositsTable;
  dual_orders: DualOrdersTable;
  dual_products: DualProductsTable;
  faq_texts: FaqTextsTable;
  faqs: FaqsTable;
  fiat_orders: FiatOrdersTable;
  fiat_rates: FiatRatesTable;
  holds: HoldsTable;
  idempotency_keys: IdempotencyKeysTable;
  identity_submissions: IdentitySubmissionsTable;
  ieo_orders: IeoOrdersTable;
  ieo_projects: IeoProjectsTable;
  job_runs: JobRunsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_postings: LedgerPostingsTable;
  loan_repayments: LoanRepaymentsTable;
  loans: LoansTable;
  market_candles: MarketCandlesTable;
  market_settlements: MarketSettlementsTable;
  market_state: MarketStateTable;
  menu_items: MenuItemsTable;
  mining_orders: MiningOrdersTable;
  mining_plans: MiningPlansTable;
  mining_yields: MiningYieldsTable;
  outbox: OutboxTable;
  pages: PagesTable;
  recharges: RechargesTable;
  referral_rebate_items: ReferralRebateItemsTable;
  referral_rebates: ReferralRebatesTable;
  schema_migrations: SchemaMigrationsTable;
  seconds_markets: SecondsMarketsTable;
  seconds_orders: SecondsOrdersTable;
  seconds_terms: SecondsTermsTable;
  settings: SettingsTable;
  signing_keys: SigningKeysTable;
  site_config: SiteConfigTable;
  spot_markets: SpotMarketsTable;
  spot_orders: SpotOrdersTable;
  throttle_counters: ThrottleCountersTable;
  uploads: UploadsTable;
  user_coupons: UserCouponsTable;
  user_messages: UserMessagesTable;
  users: UsersTable;
  verification_codes: VerificationCodesTable;
  wallet_addresses: WalletAddressesTable;
  watchlist: WatchlistTable;
  withdrawals: WithdrawalsTable;
}
