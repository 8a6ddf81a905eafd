-- Why a buy-crypto order closed on its own (issue 25's review): 'expired' (the job, the window passed) or
-- 'declined' (the provider) is a code the app words in the buyer's language; `reason` is only the operator's
-- text now, so an operator who writes "expired" is shown their words, not a translated code.
alter table fiat_orders add column close_code text check (close_code in ('expired', 'declined'));
update fiat_orders set close_code = reason, reason = '' where reason in ('expired', 'declined');
