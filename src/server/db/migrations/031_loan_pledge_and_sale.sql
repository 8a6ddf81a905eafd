-- Loans, after issue 25's screens. A borrower may top up the pledge of a loan paid out: each top-up adds to the pledge's hold by an
-- entry of its own (cause loan.pledge_add, ref loan:<id>:pledge:<n>), n counted here under the loan's row lock.
alter table loans add column pledge_topups integer not null default 0 check (pledge_topups >= 0);
-- A loan closed by selling its pledge records what the house took of it and at which price (the app words it in
-- the reader's language).
alter table loans add column sold_pledge numeric(36, 18);
alter table loans add column sold_price numeric(36, 18);
