/**
 * One pair in a market list: pair, last price with its value in the chosen fiat, 24-hour change. With
 * `flash`, a price change briefly tints the row green or red. Re-renders only when its quote changes.
 */
import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { fiat, group, percent, toD } from '../../../shared/format';
import { isKnownRoute } from '../../shell/routes';
import { useAppState } from '../../state/store';
import { Activator } from '../parts';
import type { MarketQuote } from './useLiveQuotes';

const DETAIL_ROUTE = '/pages/transaction/index';
const FLASH_MS = 600;

function useFlash(price: string, enabled: boolean): 'up' | 'down' | null {
  const previous = useRef(price);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (!enabled || before === price) return undefined;
    const a = toD(price);
    const b = toD(before);
    if (!a || !b) return undefined;
    setFlash(a.gt(b) ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price, enabled]);
  return flash;
}

export const QuoteRow = memo(function QuoteRow({ q, flash = false, leading }: { q: MarketQuote; flash?: boolean; leading?: ReactNode }) {
  const code = useAppState((s: { fiat?: { currency_code?: string } }) => s.fiat?.currency_code ?? 'USD');
  const rate = useAppState((s: { fiat?: { rate?: string | number } }) => String(s.fiat?.rate ?? '1'));
  const flashing = useFlash(q.now_price, flash);
  const down = q.change.startsWith('-');
  const to = `${DETAIL_ROUTE}?symbol=${encodeURIComponent(q.symbol)}`;
  const body = (
    <>
      <span className="w-row-main"><bdi className="w-row-title">{q.currency_name}<span className="w-market-quote">/{q.legal_name}</span></bdi></span>
      <span className="w-row-value">
        <span className="w-market-price">{group(q.now_price, q.price_decimals)}</span>
        {code !== q.legal_name && <span className="w-row-sub">≈ {fiat(q.now_price, { code, rate })}</span>}
      </span>
      <span className={`w-market-change ${down ? 'is-down' : 'is-up'}`}>{percent(q.change)}</span>
    </>
  );
  return (
    <li className={`w-quote${flashing ? ` is-flash-${flashing}` : ''}${leading ? ' has-leading' : ''}`}>
      {leading}
      {isKnownRoute(to) ? <Activator className="w-row" to={to}>{body}</Activator> : <div className="w-row">{body}</div>}
    </li>
  );
});
