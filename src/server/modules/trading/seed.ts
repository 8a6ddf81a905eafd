/**
 * The operator's trading data on the first start, from src/server/seeddata/trading.json (rows that exist
 * are left alone, so changes made with `npm run ops` survive restarts). A mistake in the file stops the
 * start with the path and the reason.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { CURRENCIES } from '../../market/currencies';
import { INSTRUMENTS, findInstrument } from '../../market/instruments';
import TRADING from '../../seeddata/trading.json';

type Row = Record<string, string | number | boolean>;
interface TradingSeed {
  spot: { categories: Record<string, Row>; pairs: Record<string, Row> };
  contract: { defaults: Row; pairs: Record<string, Row> };
  seconds: { pairs: string[]; terms: Array<{ currency: string; seconds: number; payout_rate: string; min_number: string; max_number: string }> };
}

function symbolOf(name: string, where: string): string {
  const inst = findInstrument(name);
  if (!inst) throw new Error(`seeddata/trading.json ${where}: no listed pair ${name}`);
  return inst.symbol;
}

export async function seedTrading(db: Kysely<DB>, seed: TradingSeed = TRADING as TradingSeed): Promise<void> {
  const spot = INSTRUMENTS.map((inst) => {
    const byCategory = seed.spot.categories[inst.category];
    if (!byCategory) throw new Error(`seeddata/trading.json spot.categories: nothing for ${inst.category}`);
    const own = Object.entries(seed.spot.pairs).find(([name]) => symbolOf(name, 'spot.pairs') === inst.symbol)?.[1] ?? {};
    return {
      symbol: inst.symbol, fee_rate: String(own.fee_rate ?? byCategory.fee_rate),
      // By default the smallest quantity the pair trades in.
      min_amount: String(own.min_amount ?? byCategory.min_amount ?? (10 ** -inst.qtyDecimals).toFixed(inst.qtyDecimals)),
    };
  });
  const contract = Object.entries(seed.contract.pairs).map(([name, own]) => {
    const row = { ...seed.contract.defaults, ...own };
    return {
      symbol: symbolOf(name, 'contract.pairs'), lot_size: String(row.lot_size), multiples: String(row.multiples), fee_rate: String(row.fee_rate),
      overnight_rate: String(row.overnight_rate), maintenance_rate: String(row.maintenance_rate), max_lots: Number(row.max_lots),
    };
  });
  const terms = seed.seconds.terms.map((t, i) => {
    const currency = CURRENCIES.find((c) => c.name === t.currency);
    if (!currency) throw new Error(`seeddata/trading.json seconds.terms[${i}]: no currency ${t.currency}`);
    return { currency_id: currency.id, seconds: t.seconds, payout_rate: t.payout_rate, min_number: t.min_number, max_number: t.max_number };
  });
  await db.insertInto('spot_markets').values(spot).onConflict((oc) => oc.column('symbol').doNothing()).execute();
  if (contract.length) await db.insertInto('contract_markets').values(contract).onConflict((oc) => oc.column('symbol').doNothing()).execute();
  if (seed.seconds.pairs.length) {
    await db.insertInto('seconds_markets').values(seed.seconds.pairs.map((name) => ({ symbol: symbolOf(name, 'seconds.pairs') })))
      .onConflict((oc) => oc.column('symbol').doNothing()).execute();
  }
  if (terms.length) await db.insertInto('seconds_terms').values(terms).onConflict((oc) => oc.columns(['currency_id', 'seconds']).doNothing()).execute();
}
