-- Saved withdrawal destinations (SPEC 3, 5): wallet addresses (any number per currency and chain, at most
-- 50 per user, enforced by the server) and one bank card per user and kind (domestic, international).
create table wallet_addresses (
  id bigserial primary key,
  user_id integer not null references users (id) on delete cascade,
  currency_id integer not null,
  chain text not null,
  name text not null check (length(name) between 1 and 30),
  address text not null check (length(address) between 10 and 120),
  -- The uploaded QR code image of the address (/uploads/<sha256>.<ext>).
  qr text not null,
  created_at timestamptz not null default now(),
  unique (user_id, currency_id, chain, address),
  -- Only on a chain the currency moves on.
  foreign key (currency_id, chain) references currency_chains (currency_id, chain) on update cascade
);
create index wallet_addresses_user on wallet_addresses (user_id, id);

create table bank_cards (
  user_id integer not null references users (id) on delete cascade,
  kind text not null check (kind in ('domestic', 'international')),
  real_name text not null,
  card_number text not null,
  account_number text not null,
  bank_name text not null,
  bank_address text not null,
  bank_network text not null,
  swift_code text not null,
  phone text not null,
  cardholder_address text not null,
  aba_number text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, kind)
);

-- Where a withdrawal goes: a saved wallet address (`address` holds the address) or a saved card (`chain` is
-- BANK or INTL, `address` the bank and the masked card number). `payee` keeps the full destination as it
-- was at request time (JSON), so the operator pays what the user asked for even if the card is replaced.
alter table withdrawals
  add column destination text not null default 'address' check (destination in ('address', 'bank', 'international')),
  add column address_id bigint references wallet_addresses (id) on delete set null,
  add column payee text not null default '{}';
