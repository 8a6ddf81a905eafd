-- The platform's currency ids (issue 20): its app assumes BTC 1, ETH 2, USDT 3. USDT was 100 and the
-- instruments' bases 1..32 in listing order, so USDT becomes 3 and every base from 3 on moves up by one
-- (BNB 3 -> 4, ...). A database created before this migration keeps its balances, orders and products:
-- every column holding a currency id is renumbered. In two steps (first out of the way, then into place),
-- so that no unique key sees two rows with one id in between. wallet_addresses follows currency_chains
-- by its foreign key (on update cascade).

update currency_chains set currency_id = currency_id + 1000000 where currency_id >= 3;
update currency_chains set currency_id = case when currency_id = 1000100 then 3 else currency_id - 1000000 + 1 end where currency_id >= 1000000;

update ledger_accounts set currency_id = currency_id + 1000000 where currency_id >= 3;
update ledger_accounts set currency_id = case when currency_id = 1000100 then 3 else currency_id - 1000000 + 1 end where currency_id >= 1000000;

update seconds_terms set currency_id = currency_id + 1000000 where currency_id >= 3;
update seconds_terms set currency_id = case when currency_id = 1000100 then 3 else currency_id - 1000000 + 1 end where currency_id >= 1000000;

-- Columns without a unique key: one step.
update deposits set currency_id = case when currency_id = 100 then 3 else currency_id + 1 end where currency_id >= 3;
update withdrawals set currency_id = case when currency_id = 100 then 3 else currency_id + 1 end where currency_id >= 3;
update seconds_orders set currency_id = case when currency_id = 100 then 3 else currency_id + 1 end where currency_id >= 3;
update mining_plans set currency_id = case when currency_id = 100 then 3 else currency_id + 1 end where currency_id >= 3;
update mining_orders set currency_id = case when currency_id = 100 then 3 else currency_id + 1 end where currency_id >= 3;
update dual_products set currency_id = case when currency_id = 100 then 3 else currency_id + 1 end where currency_id >= 3;
update dual_products set quote_id = case when quote_id = 100 then 3 else quote_id + 1 end where quote_id >= 3;
update dual_orders set invest_currency = case when invest_currency = 100 then 3 else invest_currency + 1 end where invest_currency >= 3;
update dual_orders set payout_currency = case when payout_currency = 100 then 3 else payout_currency + 1 end where payout_currency >= 3;
update ieo_projects set currency_id = case when currency_id = 100 then 3 else currency_id + 1 end where currency_id >= 3;
update ieo_projects set pay_currency_id = case when pay_currency_id = 100 then 3 else pay_currency_id + 1 end where pay_currency_id >= 3;
update ieo_orders set pay_currency_id = case when pay_currency_id = 100 then 3 else pay_currency_id + 1 end where pay_currency_id >= 3;
