-- Chains a currency moves on, with the platform's deposit address and the limits of each (seeded; an
-- operator may change them in the database).
create table currency_chains (
  currency_id integer not null,
  chain text not null,
  deposit_address text not null,
  deposit_min numeric(36, 18) not null check (deposit_min > 0),
  withdraw_min numeric(36, 18) not null check (withdraw_min > 0),
  withdraw_fee numeric(36, 18) not null check (withdraw_fee >= 0),
  sort integer not null default 0,
  primary key (currency_id, chain)
);

-- Deposits the user declares with a payment voucher; an operator approves (the ledger credits the
-- spot account) or rejects them with a reason.
create table deposits (
  id bigserial primary key,
  user_id integer not null references users (id) on delete cascade,
  currency_id integer not null,
  chain text not null,
  amount numeric(36, 18) not null check (amount > 0),
  voucher text not null,
  status smallint not null default 0 check (status in (0, 1, 2)),
  reason text not null default '',
  entry_id bigint references ledger_entries (id),
  created_at timestamptz not null default now(),
  reviewed_at timestamptz,
  check ((status = 1) = (entry_id is not null))
);
create index deposits_user on deposits (user_id, id);
create index deposits_pending on deposits (status) where status = 0;
