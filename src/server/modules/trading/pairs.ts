/** A trading pair named by a request (`currency_id` the base, `legal_id` the quote) or by `match_id`. */
import { ApiError } from '../../errors';
import { currencyById } from '../../kernel';
import { USDT_ID, type Currency } from '../../market/currencies';
import { INSTRUMENTS, type Instrument } from '../../market/instruments';

const BY_ID = new Map(INSTRUMENTS.map((i) => [i.id, i]));

export interface Pair { inst: Instrument; base: Currency; quote: Currency }

function pair(inst: Instrument | undefined): Pair {
  if (!inst) throw new ApiError('api.trade.unknown_pair');
  return { inst, base: currencyById(inst.id), quote: currencyById(USDT_ID) };
}

/** Every pair is quoted in USDT: another `legal_id` names no pair. */
export function pairOf(currencyId: unknown, legalId: unknown = USDT_ID): Pair {
  if (Number(legalId) !== USDT_ID) throw new ApiError('api.trade.unknown_pair');
  return pair(BY_ID.get(Number(currencyId)));
}

export function pairBySymbol(symbol: string): Pair {
  return pair(INSTRUMENTS.find((i) => i.symbol === symbol));
}
