-- Withdrawals: the amount is frozen at request; an operator pays it out (the amount minus the fee leaves to
-- the outside world, the fee goes to the platform) or rejects it (the amount is unfrozen).
create table withdrawals (
  id bigserial primary key,
  user_id integer not null references users (id) on delete cascade,
  currency_id integer not null,
  chain text not null,
  address text not null,
  amount numeric(36, 18) not null check (amount > 0),
  fee numeric(36, 18) not null check (fee >= 0 and fee < amount),
  status smallint not null default 0 check (status in (0, 1, 2)),
  reason text not null default '',
  created_at timestamptz not null default now(),
  reviewed_at timestamptz
);
create index withdrawals_user on withdrawals (user_id, id);
create index withdrawals_pending on withdrawals (status) where status = 0;
