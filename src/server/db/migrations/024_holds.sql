-- Holds (ledger/holds.ts): every amount in a user's `frozen` bucket belongs to one hold, named by the entry
-- that froze it (cause and ref: `spot.freeze` `spot:12`). A hold is captured (its amount leaves frozen to
-- where the flow says), released (back to available), or partly each, until nothing remains; then it is
-- resolved and refuses any further capture or release. remaining = amount - captured - released.
create table holds (
  id bigserial primary key,
  account_id bigint not null references ledger_accounts (id),
  user_id integer not null references users (id),
  currency_id integer not null,
  type smallint not null,
  cause text not null,
  ref text not null,
  amount numeric(36, 18) not null check (amount > 0),
  captured numeric(36, 18) not null default 0 check (captured >= 0),
  released numeric(36, 18) not null default 0 check (released >= 0),
  -- open while something remains; then captured (all of it), released (none captured) or settled (both).
  state text not null default 'open' check (state in ('open', 'captured', 'released', 'settled')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  unique (cause, ref),
  check (captured + released <= amount),
  check ((state = 'open') = (captured + released < amount)),
  check ((state = 'open') = (resolved_at is null))
);
create index holds_open on holds (account_id) where state = 'open';

-- Freezes already open: one hold per account and ref whose frozen postings do not net to zero, named by its
-- first freezing entry. What left frozen before counts as captured (the fee of a contract filled, its
-- overnight fees): nothing of it was released while the freeze stayed open.
insert into holds (account_id, user_id, currency_id, type, cause, ref, amount, captured, created_at)
select p.account_id, a.user_id, a.currency_id, a.type,
  (array_agg(e.cause order by e.id) filter (where p.amount > 0))[1],
  e.ref,
  sum(p.amount) filter (where p.amount > 0),
  coalesce(-sum(p.amount) filter (where p.amount < 0), 0),
  min(e.created_at)
from ledger_postings p
join ledger_entries e on e.id = p.entry_id
join ledger_accounts a on a.id = p.account_id
where p.bucket = 'frozen' and a.user_id is not null
group by p.account_id, a.user_id, a.currency_id, a.type, e.ref
having sum(p.amount) > 0;

-- A hold is frozen once and resolved at most once: the entries of those steps are unique per cause and ref.
-- Causes that recur for one ref by design (a transfer's ref names its two accounts, an exchange's its user and
-- millisecond, a position pays overnight fees daily, test and seed postings carry no ref) stay out of the key.
create unique index ledger_entries_once on ledger_entries (cause, ref)
  where cause in ('withdraw.freeze', 'withdraw.pay', 'withdraw.unfreeze', 'spot.freeze', 'spot.fill', 'spot.cancel',
    'contract.entrust', 'contract.cancel', 'contract.open', 'contract.close', 'seconds.stake', 'seconds.settle',
    'ieo.apply', 'ieo.allocate') and ref <> '';
