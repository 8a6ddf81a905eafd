/** Values every area reads from requests and writes into answers: currencies, decimals, times. */
import { D, type Decimal } from '../../shared/format/decimal';
import { ApiError } from '../errors';
import { CURRENCIES, type Currency } from '../market/currencies';

const CURRENCY = new Map(CURRENCIES.map((c) => [c.id, c]));

/** The listed currency with this id (a request's `currency`, `currency_id`, a row's column), else refused. */
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
