-- The chart periods as the platform's K-line names them (issue 20): the day and month candles kept while the
-- market ran are renamed from '1day' and '1mon' to '1D' and '1M'. Week candles ('1W', new) are kept from now
-- on; the open week is rebuilt from the stored days on start (src/server/market/engine.ts).
update market_candles set period = '1D' where period = '1day';
update market_candles set period = '1M' where period = '1mon';

-- The contract terms (lot size, fee rate) travel with every quote of GET /currency/quotation_new: each node keeps
-- them in memory (cachedReads.ts) until this table changes, as it does the site configuration.
create trigger contract_markets_changed after insert or update or delete or truncate on contract_markets
  for each statement execute function announce_table_change();
