-- VIP levels (issue 26; SPEC 6): a user's level follows their trading volume of the last days (settings/vip.json),
-- recomputed daily by a job; vip_floor is the level the operator granted (a market maker, an arrangement), below
-- which the volume never takes them. The indexes serve the job's sums over the window.
alter table users add column vip_floor integer not null default 0 check (vip_floor >= 0);
create index spot_orders_filled_at on spot_orders (done_at) where status = 'filled';
create index contract_positions_opened_at on contract_positions (opened_at) where opened_at is not null;
