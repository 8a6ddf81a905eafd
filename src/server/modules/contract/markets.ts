/**
 * The operator's contract data of a pair (`contract_markets`): lot size, the multiples offered, fee,
 * overnight and maintenance rates, the most lots per order; and the ops commands that change them.
 */
import type { Kysely } from 'kysely';
import { D } from '../../../shared/format/decimal';
import { OpsError, type OpsCommand } from '../../area';
import type { CachedReads } from '../../cachedReads';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import TRADING from '../../seeddata/trading.json';
import { plain } from '../../kernel';
import { settingsCommands, symbolKey } from '../../ops/settings';

export interface ContractMarket {
  symbol: string;
  enabled: boolean;
  lot_size: string;
  /** Ascending; only those whose margin exceeds the maintenance margin (see `offeredMultiples`). */
  multiples: number[];
  fee_rate: string;
  overnight_rate: string;
  maintenance_rate: string;
  max_lots: number;
}

/**
 * A multiple is offered only while its initial margin (1 / multiple of the value) is above the maintenance
 * margin: otherwise a position would be liquidated the moment it opened.
 */
export function offeredMultiples(list: string, maintenanceRate: string): number[] {
  return list.split(',').map(Number).filter((m) => new D(1).div(m).gt(maintenanceRate));
}

export async function contractMarket(db: Kysely<DB>, symbol: string): Promise<ContractMarket | undefined> {
  const row = await db.selectFrom('contract_markets').selectAll().where('symbol', '=', symbol).executeTakeFirst();
  if (!row) return undefined;
  return {
    symbol: row.symbol, enabled: row.enabled, lot_size: plain(row.lot_size), multiples: offeredMultiples(row.multiples, plain(row.maintenance_rate)),
    fee_rate: plain(row.fee_rate), overnight_rate: plain(row.overnight_rate), maintenance_rate: plain(row.maintenance_rate), max_lots: row.max_lots,
  };
}

export async function openContractMarket(db: Kysely<DB>, symbol: string): Promise<ContractMarket> {
  const market = await contractMarket(db, symbol);
  if (!market?.enabled) throw new ApiError('api.trade.pair_closed');
  return market;
}

const line = (r: Record<string, unknown>) => [
  String(r.symbol).padEnd(11), r.enabled ? 'open  ' : 'closed', `lot ${plain(r.lot_size as string)}`, `multiples ${String(r.multiples)}`,
  `fee ${plain(r.fee_rate as string)}`, `overnight ${plain(r.overnight_rate as string)}`, `maintenance ${plain(r.maintenance_rate as string)}`, `max ${String(r.max_lots)} lots`,
].join('  ');

const symbolArg = { name: 'symbol', kind: 'word' } as const;

const addMarket: OpsCommand = {
  name: 'contract-market-add',
  args: [symbolArg, { name: 'lot_size', kind: 'word' }],
  summary: 'open contracts on a listed pair with the default rates of seeddata/trading.json (change them with contract-market-set)',
  async run(services, args) {
    const symbol = symbolKey(args.symbol);
    const lotSize = String(args.lot_size);
    if (!/^\d{1,18}(\.\d{1,18})?$/.test(lotSize) || new D(lotSize).lte(0)) throw new OpsError(`${lotSize} is not a lot size: a positive amount of ${symbol.split('/')[0]}`);
    const d = TRADING.contract.defaults;
    const row = await services.db.insertInto('contract_markets').values({
      symbol, lot_size: new D(lotSize).toFixed(), multiples: d.multiples, fee_rate: d.fee_rate, overnight_rate: d.overnight_rate,
      maintenance_rate: d.maintenance_rate, max_lots: d.max_lots,
    }).onConflict((oc) => oc.column('symbol').doNothing()).returningAll().executeTakeFirst();
    if (!row) throw new OpsError(`${symbol} already has contracts: change it with contract-market-set`);
    return { lines: [line(row)] };
  },
};

export const contractMarketOps: OpsCommand[] = [
  ...settingsCommands({
    noun: 'contract-market',
    table: 'contract_markets',
    keys: [{ column: 'symbol', arg: symbolArg, value: symbolKey }],
    fields: {
      enabled: 'boolean', lot_size: 'amount', multiples: 'multiples', fee_rate: 'rate', overnight_rate: 'rate', maintenance_rate: 'rate', max_lots: 'integer',
    },
    line,
    orderBy: ['symbol'],
  }),
  addMarket,
];

/** A pair's contract terms as its quote shows them (the platform's margin calculator reads them there). */
export interface ContractTerms { lot_size: string; fee_rate: string }

/** The contract terms of every pair that has contracts, by symbol (kept in memory until the table changes). */
export async function contractTerms(cached: CachedReads): Promise<Map<string, ContractTerms>> {
  const rows = await cached.contractMarkets();
  return new Map(rows.map((r) => [r.symbol, { lot_size: plain(r.lot_size), fee_rate: plain(r.fee_rate) }]));
}
