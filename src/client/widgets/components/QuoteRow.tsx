/**
 * One pair in a market list: pair, last price with its value in the chosen fiat, 24-hour change. With
 * `flash`, a price change briefly tints the row green or red; with `onStar`, a star leads the row.
 * Props are flat values so the row re-renders only when its own quote changes.
 */
import { memo, useEffect, useRef } from 'react';
import { fiat, group, percent, toD } from '../../../shared/format';
import { navigateTo } from '../../shell/navigation';
import { isKnownRoute } from '../../shell/routes';
import { useAppState } from '../../state/store';
import { StarButton } from './StarButton';
import type { MarketQuote } from './useLiveQuotes';

const DETAIL_ROUTE = '/pages/transaction/index';
const FLASH_MS = 600;

/**
 * Tints the element green or red for a moment after a price change, by its class and without a re-render.
 * Under a fast feed the tint simply stays on (a static tint costs nothing per frame, unlike an animation).
 */
function useFlash(ref: React.RefObject<HTMLElement | null>, price: string, enabled: boolean): void {
  const previous = useRef(price);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    const el = ref.current;
    if (!enabled || before === price || !el) return;
    const a = toD(price);
    const b = toD(before);
    if (!a || !b) return;
    const up = a.gt(b);
    el.classList.toggle('is-flash-up', up);
    el.classList.toggle('is-flash-down', !up);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => el.classList.remove('is-flash-up', 'is-flash-down'), FLASH_MS);
  }, [ref, price, enabled]);
}

/** The list's own size (rows are fixed-height), so re-ordering rows lays out the list and nothing around it. */
export function quoteListStyle(rows: number): React.CSSProperties {
  return { '--quote-rows': rows } as React.CSSProperties;
}

export const QuoteRow = memo(function QuoteRow({ q, flash = false, followed = false, onStar }: {
  q: MarketQuote; flash?: boolean; followed?: boolean; onStar?: (symbol: string, followed: boolean) => void;
}) {
  const code = useAppState((s: { fiat?: { currency_code?: string } }) => s.fiat?.currency_code ?? 'USD');
  const rate = useAppState((s: { fiat?: { rate?: string | number } }) => String(s.fiat?.rate ?? '1'));
  const row = useRef<HTMLLIElement>(null);
  useFlash(row, q.now_price, flash);
  const down = q.change.startsWith('-');
  const to = `${DETAIL_ROUTE}?symbol=${encodeURIComponent(q.symbol)}`;
  const body = (
    <>
      <span className="w-row-main"><bdi className="w-row-title">{q.currency_name}<span className="w-market-quote">/{q.legal_name}</span></bdi></span>
      <span className="w-row-value">
        <span className="w-market-price">{group(q.now_price, q.price_decimals)}</span>
        {code !== q.legal_name && <span className="w-row-sub">≈ {fiat(q.now_price, { code, rate, decimals: q.price_decimals })}</span>}
      </span>
      <span className={`w-market-change ${down ? 'is-down' : 'is-up'}`}>{percent(q.change)}</span>
    </>
  );
  return (
    <li ref={row} className={`w-quote${onStar ? ' has-leading' : ''}`}>
      {onStar && <StarButton symbol={q.symbol} followed={followed} onToggle={onStar} />}
      {isKnownRoute(to)
        ? <a className="w-row" href={`#${to}`} onClick={(e) => { e.preventDefault(); navigateTo(to); }}>{body}</a>
        : <div className="w-row">{body}</div>}
    </li>
  );
});
