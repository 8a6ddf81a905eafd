-- Mining plans come in categories (issue 23), each with its own list and explainer in the app: `lock`
-- (lock mining: lock a coin for a term), `defi` (DeFi mining) and `cloud` (cloud mining). The terms work the
-- same way in every category (a locked amount, a daily yield within the plan's range, the principal back at
-- the end, early redemption at the plan's ratio); the category is how the operator offers the plan. Plans of a
-- category are seeded from src/server/seeddata/earn.json while the category has none.
alter table mining_plans add column category text not null default 'lock' check (category in ('lock', 'defi', 'cloud'));
