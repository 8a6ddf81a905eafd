/**
 * The recent prints of one pair from the `trades:<symbol>` room, newest first: time (the device's clock),
 * price coloured by side (a buy green, a sell red, also said in words for screen readers) and amount. The room
 * sends its last prints on joining and then only new ones: each message is merged in by time (a print that
 * comes twice is kept once) and the newest `rows` are kept. Its height is that of `rows` prints from the first
 * paint, so the page does not move as prints arrive. A dense live list: its amounts are compact and never
 * marked as rounded (docs/numbers.md).
 */
import { memo, useState } from 'react';
import { TRADES_EVENT } from '../../../shared/contract/events';
import { compact, datetime, group } from '../../../shared/format';
import { useT } from '../../i18n';
import { useRoom } from '../../state/rooms';
import { EmptyState, Loading, Num } from '../parts';

export interface Print { time: number; price: string; amount: string; side: 'buy' | 'sell' }
interface TradesEvent { currency_name: string; legal_name: string; trades: Print[] }

/** Prints shown: as many as the room's first message sends. */
export const TRADE_ROWS = 20;

/** `known` and `fresh` as one list, newest first, each time once (the fresh print wins), cut to `rows`. */
export function mergePrints(known: readonly Print[], fresh: readonly Print[], rows: number): Print[] {
  const byTime = new Map<number, Print>();
  for (const p of known) byTime.set(p.time, p);
  for (const p of fresh) byTime.set(p.time, p);
  return [...byTime.values()].sort((a, b) => b.time - a.time).slice(0, rows);
}

const isPrint = (p: unknown): p is Print => {
  const r = p as Partial<Print> | null;
  return !!r && typeof r.time === 'number' && typeof r.price === 'string' && typeof r.amount === 'string' && (r.side === 'buy' || r.side === 'sell');
};

const TradeRow = memo(function TradeRow({ print, priceDecimals }: { print: Print; priceDecimals: number }) {
  const t = useT();
  return (
    <li className={`w-trades-row is-${print.side}`}>
      <span className="w-trades-time">{datetime(print.time).slice(11)}</span>
      <span className="w-trades-price"><Num value={group(print.price, priceDecimals)} /></span>
      <span className="w-trades-amount"><Num value={compact(print.amount)} /></span>
      <span className="visually-hidden">{t(print.side === 'buy' ? 'trades.side.buy' : 'trades.side.sell')}</span>
    </li>
  );
});

export default function RecentTrades({ symbol, priceDecimals, rows = TRADE_ROWS }: { symbol: string; priceDecimals: number; rows?: number }) {
  const t = useT();
  const [prints, setPrints] = useState<Print[] | null>(null);
  const [base, legal] = symbol.split('/');
  useRoom<TradesEvent>(`trades:${symbol}`, TRADES_EVENT, (e) => {
    if (!e || e.currency_name !== base || e.legal_name !== legal || !Array.isArray(e.trades)) return;
    const fresh = e.trades.filter(isPrint);
    setPrints((known) => mergePrints(known ?? [], fresh, rows));
  });

  return (
    <section className="w-trades" aria-labelledby="w-trades-title" style={{ ['--rows' as string]: rows }}>
      <h2 className="w-trades-title" id="w-trades-title">{t('trades.title')}</h2>
      <div className="w-trades-head">
        <span>{t('trades.time')}</span><span>{t('book.price', { quote: legal })}</span><span>{t('book.amount', { base })}</span>
      </div>
      <div className="w-trades-body">
        {!prints ? <Loading /> : !prints.length ? <EmptyState text={t('trades.empty')} /> : (
          <ol className="w-trades-list">
            {prints.map((p) => <TradeRow key={p.time} print={p} priceDecimals={priceDecimals} />)}
          </ol>
        )}
      </div>
    </section>
  );
}
