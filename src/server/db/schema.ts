/** Kysely table types; they mirror migrations/*.sql. */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** NUMERIC comes back as a decimal string on both backends. */
type Numeric = ColumnType<string, string, string>;
/** NUMERIC with a default: optional on insert. */
type NumericDefault = ColumnType<string, string | undefined, string>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string | null;
  mobile: string | null;
  area_code: string | null;
  password_hash: string;
  pay_password_hash: string | null;
  nickname: Generated<string>;
  head_portrait: Generated<string>;
  signature: Generated<string>;
  extension_code: string;
  parent_id: number | null;
  credit_score: Generated<number>;
  vip_level: Generated<number>;
  real_state: Generated<number>;
  real_level: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  created_at: Generated<Date>;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  address: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  recipient: string;
  scene: string;
  subject: string;
  body: string;
  code: string | null;
  created_at: Generated<Date>;
}

export interface SiteConfigTable { key: string; value: string }
export interface SettingsTable { keyword: string; lang: Generated<string>; value: string }
export interface AreaCodesTable { id: Generated<number>; name: string; area_code: string; iso: string; sort: Generated<number> }
export interface FiatRatesTable { currency_code: string; rate: Numeric; sort: Generated<number>; updated_at: Generated<Date> }

export interface ArticlesTable {
  id: Generated<number>;
  c_id: number;
  thumbnail: Generated<string>;
  is_pop: Generated<boolean>;
  visible: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
}
export interface ArticleTextsTable { article_id: number; lang: string; title: string; summary: Generated<string>; content: Generated<string> }
export interface FaqsTable { id: Generated<number>; sort: Generated<number>; visible: Generated<boolean> }
export interface FaqTextsTable { faq_id: number; lang: string; question: string; answer: string }
export interface PagesTable { slug: string; lang: string; title: string; content: string }
export interface MenuItemsTable { id: Generated<number>; key: string; icon: string; route: string; sort: Generated<number>; visible: Generated<boolean> }
export interface SchemaMigrationsTable { name: string; applied_at: Generated<Date> }

export interface MarketStateTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** bigint columns come back as strings from pg and as numbers from PGlite. */
type BigIntColumn = ColumnType<string | number, number, number>;

export interface MarketCandlesTable {
  symbol: string;
  period: string;
  time: BigIntColumn;
  open: BigIntColumn;
  high: BigIntColumn;
  low: BigIntColumn;
  close: BigIntColumn;
  volume: BigIntColumn;
}

export interface WatchlistTable {
  user_id: number;
  symbol: string;
  created_at: Timestamp;
}

export interface MarketSettlementsTable {
  id: Generated<string | number>;
  symbol: string;
  price: Numeric;
  priced_at: Timestamp;
  cause: string;
  ref: string;
  created_at: Timestamp;
}

export interface LedgerAccountsTable {
  id: Generated<string | number>;
  owner: string;
  user_id: number | null;
  currency_id: number;
  type: number;
  available: NumericDefault;
  frozen: NumericDefault;
  locked: NumericDefault;
  updated_at: Timestamp;
}

export interface LedgerEntriesTable {
  id: Generated<string | number>;
  cause: string;
  ref: Generated<string>;
  created_at: Timestamp;
}

export interface LedgerPostingsTable {
  id: Generated<string | number>;
  entry_id: string | number;
  account_id: string | number;
  bucket: 'available' | 'frozen' | 'locked';
  amount: Numeric;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  endpoint: string;
  request_hash: string;
  response: string;
  created_at: Timestamp;
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

/** 0 pending, 1 approved, 2 rejected. */
export interface DepositsTable {
  id: Generated<string | number>;
  user_id: number;
  currency_id: number;
  chain: string;
  amount: Numeric;
  voucher: string;
  status: Generated<number>;
  reason: Generated<string>;
  entry_id: string | number | null;
  created_at: Timestamp;
  reviewed_at: NullableTimestamp;
}

/** 0 pending, 1 paid out, 2 rejected. */
export interface WithdrawalsTable {
  id: Generated<string | number>;
  user_id: number;
  currency_id: number;
  chain: string;
  address: string;
  amount: Numeric;
  fee: Numeric;
  /** address, bank or international (migration 008). */
  destination: Generated<'address' | 'bank' | 'international'>;
  address_id: string | number | null;
  /** JSON of the destination as it was at request time. */
  payee: Generated<string>;
  status: Generated<number>;
  reason: Generated<string>;
  created_at: Timestamp;
  reviewed_at: NullableTimestamp;
}

/** Lv1: the document's details; Lv2: the three photos. Status 0 under review, 1 approved, 2 rejected. */
export interface IdentitySubmissionsTable {
  id: Generated<string | number>;
  user_id: number;
  level: number;
  id_type: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  card_id: Generated<string>;
  address: Generated<string>;
  front_pic: Generated<string>;
  reverse_pic: Generated<string>;
  hand_pic: Generated<string>;
  status: Generated<number>;
  reason: Generated<string>;
  created_at: Timestamp;
  reviewed_at: NullableTimestamp;
}

/** A saved withdrawal address (migration 008); (currency_id, chain) is a row of currency_chains. */
export interface WalletAddressesTable {
  id: Generated<string | number>;
  user_id: number;
  currency_id: number;
  chain: string;
  name: string;
  address: string;
  qr: string;
  created_at: Timestamp;
}

/** One saved bank card per user and kind (migration 008). */
export interface BankCardsTable {
  user_id: number;
  kind: 'domestic' | 'international';
  real_name: string;
  card_number: string;
  account_number: string;
  bank_name: string;
  bank_address: string;
  bank_network: string;
  swift_code: string;
  phone: string;
  cardholder_address: string;
  aba_number: string;
  updated_at: Timestamp;
}

/** A due run of a job (jobs/, migration 009); done once. */
export interface JobRunsTable {
  id: Generated<string | number>;
  name: string;
  key: string;
  due_at: Timestamp;
  done_at: NullableTimestamp;
  attempts: Generated<number>;
  retry_at: NullableTimestamp;
  last_error: string | null;
  created_at: Generated<Date>;
}

export interface DB {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  site_config: SiteConfigTable;
  settings: SettingsTable;
  area_codes: AreaCodesTable;
  fiat_rates: FiatRatesTable;
  articles: ArticlesTable;
  article_texts: ArticleTextsTable;
  faqs: FaqsTable;
  faq_texts: FaqTextsTable;
  pages: PagesTable;
  menu_items: MenuItemsTable;
  schema_migrations: SchemaMigrationsTable;
  market_state: MarketStateTable;
  market_candles: MarketCandlesTable;
  watchlist: WatchlistTable;
  market_settlements: MarketSettlementsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_postings: LedgerPostingsTable;
  idempotency_keys: IdempotencyKeysTable;
  currency_chains: CurrencyChainsTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  identity_submissions: IdentitySubmissionsTable;
  wallet_addresses: WalletAddressesTable;
  bank_cards: BankCardsTable;
  job_runs: JobRunsTable;
}
