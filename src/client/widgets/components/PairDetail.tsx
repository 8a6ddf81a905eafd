/**
 * One pair (the trade tab, `?symbol=BTC/USDT`): last price with its fiat value and 24-hour change, 24-hour
 * statistics, the K-line, the order book and buttons to trade (buy and sell, or long and short with
 * `market: "contract"`). Without `symbol` it opens the pair viewed last (BTC/USDT the first time). A star
 * follows or unfollows the pair.
 *
 * `parts` draws only some of it, so a trade screen places them around its ticket: `head` (name, switch,
 * star), `summary` (price and statistics), `chart`, `book`, `trade` (the buttons) and `trades` (recent
 * prints); all but `trades` by default. With
 * `pick`, a price tapped in the book is offered under that name to the screen's form (`fill`), and `levels`
 * sets the book's levels a side. A visitor's buttons go to the login page, which returns to the ticket.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { LEVER_TYPE } from '../../../shared/contract/lever';
import { SPOT_SIDE } from '../../../shared/contract/spot';
import { compact, datetime, fiat, group, INVALID, percent } from '../../../shared/format';
import { useT } from '../../i18n';
import { loginRoute, navigateTo } from '../../platform/navigation';
import { isKnownRoute } from '../../platform/routes';
import { setPick } from '../../state/picks';
import { readString, STORAGE_KEYS, writeString } from '../../state/storage';
import { useAppState } from '../../state/store';
import { ErrorState, Loading, Num, toneOf } from '../parts';
import OrderBook, { BOOK_LEVELS } from './OrderBook';
import RecentTrades from './RecentTrades';
import { StarButton } from './StarButton';
import { useLiveQuotes, type MarketQuote } from './useLiveQuotes';
import { useFollow, WATCHLIST } from '../list/follow';
import './pair.css';

const KLine = lazy(() => import('./KLine'));
const DEFAULT_PAIR = 'BTC/USDT';
const SEARCH_ROUTE = '/pages/market/search';
const MARKET_ROUTE = '/pages/market/market';

/**
 * Which ticket the buttons and the pair switch keep to: spot or stock (by the pair's category), the contract
 * ticket, or the seconds (options) ticket of the trade tab.
 */
export type PairMarket = 'spot' | 'contract' | 'seconds';
const MARKETS: readonly PairMarket[] = ['spot', 'contract', 'seconds'];
const TRADE_TAB = '/pages/transaction/index';

/** The parts of the pair detail a screen can place on their own. */
export const PAIR_PARTS = ['head', 'summary', 'chart', 'book', 'trade', 'trades'] as const;
export type PairPart = (typeof PAIR_PARTS)[number];
/** What a pair detail draws when no part is named. */
const DEFAULT_PARTS: readonly PairPart[] = ['head', 'summary', 'chart', 'book', 'trade'];

/** The parts asked for (the default ones when none is named). */
export function pairParts(parts: unknown): Set<PairPart> {
  const named = Array.isArray(parts) ? parts.filter((p): p is PairPart => (PAIR_PARTS as readonly unknown[]).includes(p)) : [];
  return new Set(named.length ? named : DEFAULT_PARTS);
}

/** The pair search, which opens the chosen pair on the same market (the trade tab's contract or seconds mode). */
export function searchRoute(market: PairMarket): string {
  return market === 'spot' ? SEARCH_ROUTE : `${SEARCH_ROUTE}?mode=${market}`;
}

/**
 * Where the buttons trade a pair: spot for coins, the stock screen for stocks, or a long or short contract.
 * The ticket's `type` comes as its wire code (a buy 1, a sell 2; a long 1, a short 2).
 */
export function tradeRoute(q: Pick<MarketQuote, 'symbol' | 'category'>, side: 'buy' | 'sell', price?: string | null, market: PairMarket = 'spot'): string {
  const at = price ? `&price=${encodeURIComponent(price)}` : '';
  // A seconds order is placed on the trade tab (its direction is chosen there, with the stake and the period).
  if (market === 'seconds') return `${TRADE_TAB}?symbol=${encodeURIComponent(q.symbol)}&mode=seconds`;
  if (market === 'contract') return `/pages/transaction/contract?symbol=${encodeURIComponent(q.symbol)}&type=${LEVER_TYPE.code(side === 'buy' ? 'long' : 'short')}${at}`;
  const page = q.category === 'stock' ? '/pages/transaction/index2' : '/pages/transaction/currency';
  return `${page}?symbol=${encodeURIComponent(q.symbol)}&type=${SPOT_SIDE.code(side)}${at}`;
}

function normalise(symbol: unknown): string {
  return typeof symbol === 'string' ? symbol.trim().toUpperCase() : '';
}

/** A statistic: its label and its number (`--` without one). */
function Stat({ label, value }: { label: string; value: string }) {
  return <div className="w-pair-stat"><dt>{label}</dt><dd>{value && value !== INVALID ? <Num value={value} /> : INVALID}</dd></div>;
}

const CHART_ONLY: ReadonlySet<PairPart> = new Set(['chart']);

/**
 * The loading state of `head`, `summary` and `chart` at the height they will have (pair.css), so that the
 * sections below are not pushed down when the quotes or the chart arrive.
 */
function ReservedParts({ parts }: { parts: ReadonlySet<PairPart> }) {
  const reserve = Object.fromEntries(['head', 'summary', 'chart'].map((p) => [`--reserve-${p}`, parts.has(p as PairPart) ? 1 : 0]));
  return <div className="w-pair-reserved" style={reserve}><Loading /></div>;
}

export default function PairDetail({ symbol: requested, market: requestedMarket, parts: requestedParts, pick: pickName, levels }: {
  symbol?: unknown; market?: unknown; parts?: unknown; pick?: unknown; levels?: unknown;
}) {
  const market: PairMarket = MARKETS.includes(requestedMarket as PairMarket) ? requestedMarket as PairMarket : 'spot';
  const parts = pairParts(requestedParts);
  const bookLevels = typeof levels === 'number' && Number.isInteger(levels) && levels > 0 && levels <= BOOK_LEVELS ? levels : BOOK_LEVELS;
  const offer = typeof pickName === 'string' && pickName ? pickName : undefined;
  const user = useAppState((s: { user?: unknown }) => s.user);
  const t = useT();
  const symbol = normalise(requested) || readString(STORAGE_KEYS.lastPair) || DEFAULT_PAIR;
  const { quotes, ready, error, isLoading, retry, staleSince } = useLiveQuotes();
  const watchlist = useFollow(WATCHLIST);
  // A price picked in the order book belongs to its pair: another pair starts with none.
  const [pick, setPicked] = useState<{ symbol: string; price: string } | null>(null);
  const picked = pick && pick.symbol === symbol ? pick.price : null;
  const onPick = useCallback((price: string) => {
    setPicked({ symbol, price });
    if (offer) setPick(offer, price);
  }, [symbol, offer]);
  const code = useAppState((s: { fiat?: { currency_code?: string } }) => s.fiat?.currency_code ?? 'USD');
  const rate = useAppState((s: { fiat?: { rate?: string | number } }) => String(s.fiat?.rate ?? '1'));
  const q = quotes.find((x) => x.symbol === symbol || `${x.currency_name}${x.legal_name}` === symbol);

  useEffect(() => { if (q) writeString(STORAGE_KEYS.lastPair, q.symbol); }, [q?.symbol]); // eslint-disable-line react-hooks/exhaustive-deps

  if (isLoading) {
    if (parts.size === 1 && parts.has('book')) return <div className="w-book w-book--reserved" style={{ ['--levels' as string]: bookLevels }}><Loading /></div>;
    if (parts.size === 1 && parts.has('trades')) return <div className="w-trades w-trades--reserved"><Loading /></div>;
    return <ReservedParts parts={parts} />;
  }
  if (error || !ready) return <ErrorState onRetry={retry} />;
  if (!q) {
    return (
      <div className="w-state w-error" role="alert">
        <p>{t('api.market.unknown_symbol')}</p>
        <button type="button" className="w-button" onClick={() => navigateTo(MARKET_ROUTE)}>{t('pair.all_markets')}</button>
      </div>
    );
  }

  const down = q.change.startsWith('-');
  const change = percent(q.change);
  const followed = watchlist.followed.has(String(q.id));
  const ticketBuy = tradeRoute(q, 'buy', picked, market);
  const ticketSell = tradeRoute(q, 'sell', picked, market);
  const contract = market === 'contract';
  const labels = contract ? ['trade.direction.long', 'trade.direction.short'] : market === 'seconds' ? ['trade.seconds.up', 'trade.seconds.down'] : ['pair.buy', 'pair.sell'];
  const canTrade = isKnownRoute(ticketBuy);
  // A visitor logs in first and comes back to the ticket.
  const buy = user ? ticketBuy : loginRoute(ticketBuy);
  const sell = user ? ticketSell : loginRoute(ticketSell);
  // Picking a price fills a ticket: the one of this screen (`pick`, a user's only) or the one the buttons open.
  const picks = offer ? Boolean(user) : canTrade && parts.has('trade');
  return (
    <div className={`w-pair${parts.size < DEFAULT_PARTS.length ? ' w-pair--part' : ''}`}>
      {parts.has('head') && <header className="w-pair-head">
        <button type="button" className="w-pair-switch" onClick={() => navigateTo(searchRoute(market))} aria-label={t('pair.switch', { pair: q.symbol })}>
          <h1 className="w-pair-name"><bdi>{q.currency_name}<span className="w-market-quote">/{q.legal_name}</span></bdi></h1>
          <span aria-hidden="true" className="w-pair-caret">▾</span>
        </button>
        <span className="w-pair-badge">{t(contract ? 'market.tab.contract' : market === 'seconds' ? 'trade.tab.seconds' : q.category === 'stock' ? 'market.tab.stocks' : 'market.tab.spot')}</span>
        <StarButton pair={q.symbol} followed={followed} onToggle={() => watchlist.toggle(q, followed)} />
      </header>}
      {staleSince !== null && (parts.has('head') || parts.has('summary')) && <p className="w-market-stale" role="status">{t('market.stale', { time: datetime(staleSince).slice(11) })}</p>}
      {parts.has('summary') && <div className="w-pair-summary">
        <div className="w-pair-last">
          <p className={`w-pair-price ${down ? 'is-down' : 'is-up'}`} data-testid="pair-price"><Num value={group(q.now_price, q.price_decimals)} exact={group(q.now_price)} /></p>
          <p className="w-pair-sub">
            {code !== q.legal_name && <span>≈ <Num value={fiat(q.now_price, { code, rate, decimals: q.price_decimals })} /></span>}
            <span className="w-pair-change"><Num value={change} tone={change === INVALID ? undefined : toneOf(change)} /></span>
          </p>
        </div>
        <dl className="w-pair-stats">
          <Stat label={t('pair.high')} value={q.high ? group(q.high, q.price_decimals) : ''} />
          <Stat label={t('pair.low')} value={q.low ? group(q.low, q.price_decimals) : ''} />
          <Stat label={t('pair.open')} value={q.open ? group(q.open, q.price_decimals) : ''} />
          <Stat label={t('pair.volume', { base: q.currency_name })} value={compact(q.volume)} />
        </dl>
      </div>}
      {parts.has('chart') && <Suspense fallback={<ReservedParts parts={CHART_ONLY} />}>
        <KLine key={q.symbol} symbol={q.symbol} priceDecimals={q.price_decimals} />
      </Suspense>}
      {parts.has('book') && <OrderBook key={`book-${q.symbol}`} symbol={q.symbol} priceDecimals={q.price_decimals} last={{ price: q.now_price, up: !down }}
        levels={bookLevels} onPick={picks ? onPick : undefined} />}
      {parts.has('trades') && <RecentTrades key={`trades-${q.symbol}`} symbol={q.symbol} priceDecimals={q.price_decimals} />}
      {canTrade && parts.has('trade') && (
        <div className="w-pair-trade">
          <a className="w-button w-pair-buy" href={`#${buy}`} onClick={(e) => { e.preventDefault(); navigateTo(buy); }}>{t(labels[0])}</a>
          <a className="w-button w-pair-sell" href={`#${sell}`} onClick={(e) => { e.preventDefault(); navigateTo(sell); }}>{t(labels[1])}</a>
        </div>
      )}
    </div>
  );
}
