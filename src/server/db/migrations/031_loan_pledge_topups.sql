-- A borrower may top up the pledge of a loan paid out (issue 25): each top-up adds to the pledge's hold by an
-- entry of its own (cause loan.pledge_add, ref loan:<id>:pledge:<n>), n counted here under the loan's row lock.
alter table loans add column pledge_topups integer not null default 0 check (pledge_topups >= 0);
