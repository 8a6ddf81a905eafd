-- Prices that settle something (an order fill, a contract close, a timed option's expiry), one row per
-- use, so every settlement can be audited against the market at that second.
create table market_settlements (
  id bigserial primary key,
  symbol text not null,
  price numeric(36, 18) not null,
  priced_at timestamptz not null,
  cause text not null,
  ref text not null,
  created_at timestamptz not null default now()
);
create index market_settlements_cause_ref on market_settlements (cause, ref);
