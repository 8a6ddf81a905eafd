-- Platform accounts (outside, fees, house) no longer keep a balance on their row: every movement touches
-- them, and updating one shared row made every money request of every user wait for the one before it.
-- Their balance is the sum of their postings (ledger/index.ts platformBalances); their rows only name them.
update ledger_accounts set available = 0, frozen = 0, locked = 0 where user_id is null;
alter table ledger_accounts add constraint ledger_accounts_platform_rows_hold_nothing
  check (user_id is not null or (available = 0 and frozen = 0 and locked = 0));
