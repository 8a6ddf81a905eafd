/** A trading pair named by a request (`currency_id` the base, `legal_id` the quote) or by `match_id`. */
import { D, type Decimal } from '../../../shared/format/decimal';
import { ApiError } from '../../errors';
import { CURRENCIES, USDT_ID, type Currency } from '../../market/currencies';
import { INSTRUMENTS, type Instrument } from '../../market/instruments';

const BY_ID = new Map(INSTRUMENTS.map((i) => [i.id, i]));
const CURRENCY = new Map(CURRENCIES.map((c) => [c.id, c]));

export interface Pair { inst: Instrument; base: Currency; quote: Currency }

function pair(inst: Instrument | undefined): Pair {
  if (!inst) throw new ApiError('api.trade.unknown_pair');
  return { inst, base: CURRENCY.get(inst.id)!, quote: CURRENCY.get(USDT_ID)! };
}

/** Every pair is quoted in USDT: another `legal_id` names no pair. */
export function pairOf(currencyId: unknown, legalId: unknown = USDT_ID): Pair {
  if (Number(legalId) !== USDT_ID) throw new ApiError('api.trade.unknown_pair');
  return pair(BY_ID.get(Number(currencyId)));
}

export function pairBySymbol(symbol: string): Pair {
  return pair(INSTRUMENTS.find((i) => i.symbol === symbol));
}

export function currencyById(id: unknown): Currency {
  const c = CURRENCY.get(Number(id));
  if (!c) throw new ApiError('api.wallet.unknown_currency');
  return c;
}

/** A decimal from the request with at most `decimals` decimals, else refused naming `key`. */
export function decimalInput(value: unknown, decimals: number, key: string): Decimal {
  const d = new D(String(value));
  if ((d.toFixed().split('.')[1]?.length ?? 0) > decimals) throw new ApiError(key, { decimals });
  return d;
}

/** A NUMERIC from either backend (or null) as a plain decimal string. */
export const plain = (v: string | number | Decimal): string => new D(v).toFixed();
export const plainOrNull = (v: string | number | Decimal | null | undefined): string | null => (v === null || v === undefined ? null : plain(v));
export const isoOrNull = (v: Date | string | null | undefined): string | null => (v ? new Date(v).toISOString() : null);
