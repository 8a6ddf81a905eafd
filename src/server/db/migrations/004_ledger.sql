-- The ledger (DESIGN "ledger/"): balances per owner, currency and account type, changed only by postings
-- that sum to zero per currency. Owners are users ('user:<id>') or the platform ('platform:<name>'); a
-- user's balances can never be negative, whatever the code does. Platform accounts are the other side of
-- every movement (the outside world for deposits and withdrawals, fees, the house for trades), so the sum
-- of all accounts of a currency never changes.
create table ledger_accounts (
  id bigserial primary key,
  owner text not null,
  user_id integer references users (id),
  currency_id integer not null,
  type smallint not null,
  available numeric(36, 18) not null default 0,
  frozen numeric(36, 18) not null default 0,
  locked numeric(36, 18) not null default 0,
  updated_at timestamptz not null default now(),
  unique (owner, currency_id, type),
  check ((user_id is not null and owner = 'user:' || user_id) or (user_id is null and owner like 'platform:%')),
  check (user_id is null or (available >= 0 and frozen >= 0 and locked >= 0))
);

-- One entry per movement, naming its cause (deposit, transfer, fill, settlement ...) and what it refers to.
create table ledger_entries (
  id bigserial primary key,
  cause text not null,
  ref text not null default '',
  created_at timestamptz not null default now()
);

create table ledger_postings (
  id bigserial primary key,
  entry_id bigint not null references ledger_entries (id),
  account_id bigint not null references ledger_accounts (id),
  bucket text not null check (bucket in ('available', 'frozen', 'locked')),
  amount numeric(36, 18) not null check (amount <> 0)
);
create index ledger_postings_account on ledger_postings (account_id, entry_id);
create index ledger_entries_cause_ref on ledger_entries (cause, ref);

-- Money-moving requests carry an Idempotency-Key: a repeat gets the first answer, a different body is refused.
create table idempotency_keys (
  user_id integer not null references users (id) on delete cascade,
  key text not null,
  endpoint text not null,
  request_hash text not null,
  response text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
