/**
 * The order book of one pair from the `depth:<symbol>` room: asks above the last price, bids below, each
 * level shaded by the depth summed from the last price outward. With `onPick`, tapping a level picks its
 * price (to fill an order form). Its height is that of `levels` levels a side from the first paint, so the
 * page does not move when the book fills.
 */
import { memo, useMemo, useState } from 'react';
import { compact, group, localize, toD } from '../../../shared/format';
import { D, type Decimal } from '../../../shared/format/decimal';
import { useT } from '../../i18n';
import { useRoom } from '../../state/rooms';
import { InControl, Loading, Num, useLocale } from '../parts';

type Level = [price: string, qty: string];
interface DepthEvent { currency_name: string; legal_name: string; bids: Level[]; asks: Level[] }
interface Row { price: string; qty: string; depth: number }

/** Levels a side shown on a phone. */
export const BOOK_LEVELS = 10;

/** Each level with its depth as a share (0-100) of the deeper side's total over the shown levels. */
export function depthRows(bids: Level[], asks: Level[], levels = BOOK_LEVELS): { bids: Row[]; asks: Row[] } {
  const side = (rows: Level[]) => {
    let sum = new D(0);
    return rows.slice(0, levels).map(([price, qty]) => {
      sum = sum.plus(toD(qty) ?? 0);
      return { price, qty, cum: sum };
    });
  };
  const b = side(bids);
  const a = side(asks);
  const totals = [b.at(-1)?.cum ?? new D(0), a.at(-1)?.cum ?? new D(0)];
  const max = totals[0].gt(totals[1]) ? totals[0] : totals[1];
  const share = (r: { price: string; qty: string; cum: Decimal }): Row => ({
    price: r.price, qty: r.qty, depth: max.gt(0) ? Number(r.cum.times(100).div(max).toFixed(1)) : 0,
  });
  return { bids: b.map(share), asks: a.map(share) };
}

const Level = memo(function Level({ row, side, priceDecimals, picked, onPick }: {
  row: Row; side: 'bid' | 'ask'; priceDecimals: number; picked: boolean; onPick?: (price: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const cells = (
    <>
      <span className="w-book-price"><Num value={group(row.price, priceDecimals)} /></span>
      <span className="w-book-qty"><Num value={compact(row.qty)} /></span>
    </>
  );
  const style = { '--depth': `${row.depth}%` } as React.CSSProperties;
  return (
    <li className={`w-book-level is-${side}${picked ? ' is-picked' : ''}`} style={style}>
      {onPick ? (
        // The name is what the row shows (price and quantity); what tapping does is its description.
        <button type="button" className="w-book-row" aria-pressed={picked} onClick={() => onPick(row.price)}>
          <InControl.Provider value>{cells}</InControl.Provider><span className="visually-hidden">{t('book.pick', { price: localize(group(row.price, priceDecimals), locale) })}</span>
        </button>
      ) : <div className="w-book-row">{cells}</div>}
    </li>
  );
});

export default function OrderBook({ symbol, priceDecimals, last, onPick, levels = BOOK_LEVELS }: {
  symbol: string; priceDecimals: number; last?: { price: string; up: boolean }; onPick?: (price: string) => void; levels?: number;
}) {
  const t = useT();
  const [book, setBook] = useState<DepthEvent | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [base, legal] = symbol.split('/');
  useRoom<DepthEvent>(`depth:${symbol}`, 'market_depth', (e) => {
    if (e && e.currency_name === base && e.legal_name === legal && Array.isArray(e.bids) && Array.isArray(e.asks)) setBook(e);
  });
  const rows = useMemo(() => (book ? depthRows(book.bids, book.asks, levels) : null), [book, levels]);
  const pick = onPick && ((price: string) => { setPicked(price); onPick(price); });

  return (
    <section className="w-book" aria-labelledby="w-book-title" style={{ ['--levels' as string]: levels }}>
      <h2 className="w-book-title" id="w-book-title">{t('book.title')}</h2>
      <div className="w-book-head"><span>{t('book.price', { quote: legal })}</span><span>{t('book.amount', { base })}</span></div>
      {!rows ? <div className="w-book-body"><Loading /></div> : (
        <div className="w-book-body">
          <ol className="w-book-side is-asks" aria-label={t('book.asks')}>
            {[...rows.asks].reverse().map((r) => <Level key={r.price} row={r} side="ask" priceDecimals={priceDecimals} picked={picked === r.price} onPick={pick} />)}
          </ol>
          {last && <p className={`w-book-last ${last.up ? 'is-up' : 'is-down'}`}><Num value={group(last.price, priceDecimals)} /></p>}
          <ol className="w-book-side is-bids" aria-label={t('book.bids')}>
            {rows.bids.map((r) => <Level key={r.price} row={r} side="bid" priceDecimals={priceDecimals} picked={picked === r.price} onPick={pick} />)}
          </ol>
        </div>
      )}
    </section>
  );
}
