-- Market simulator state (seed, first start, per-instrument snapshot) and users' watch lists.
create table market_state (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

create table watchlist (
  user_id integer not null references users (id) on delete cascade,
  symbol text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, symbol)
);

-- Candles closed while the simulator runs (history before the first start is generated from the seed).
-- Prices and volumes are whole ticks and lots of the instrument (src/server/market/instruments.ts).
create table market_candles (
  symbol text not null,
  period text not null,
  time bigint not null,
  open bigint not null,
  high bigint not null,
  low bigint not null,
  close bigint not null,
  volume bigint not null,
  primary key (symbol, period, time)
);
