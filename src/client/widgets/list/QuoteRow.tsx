/**
 * One row of a quotes table. A quote row (`price` / `change`) lays out title, price (with its value in the
 * chosen fiat) and a change badge in fixed columns; other rows are the usual row. The row follows its list's
 * settled rows (state/live.ts `settleMs`); between them its live cells (QuoteCells) follow every tick of the
 * row's feed by writing their texts, with no render: under a feed of every pair several times a second the
 * main thread does what a hand-written table would. The link, icon and name around them are held while the
 * row's route is the same. A change of the `flash` field tints the row green or red for a moment.
 */
import { createContext, forwardRef, memo, useContext, useEffect, useMemo, useReducer, useRef, type RefObject } from 'react';
import { fiat, group, localize, percent, toD } from '../../../shared/format';
import { readDotted } from '../../../shared/screens/expression';
import { resolveText, resolveValue } from '../../runtime/bindings';
import type { ListFollow, QuoteItemTemplate } from '../../runtime/types';
import { useLiveRow, type LiveFeedSpec } from '../../state/live';
import { CoinIcon, toneOf, useLocale, useTexts } from '../parts';
import { Star, type FollowToggle } from './follow';
import { RowLink, RowMain, RowValue } from './rowParts';

const FLASH_MS = 600;

/**
 * Tints the element green or red for a moment after the value rose or fell, by its class and without a
 * re-render. Under a fast feed the tint simply stays on (a static tint costs nothing per frame). Returns
 * what to call with each new value.
 */
function useFlash(ref: RefObject<HTMLElement | null>, enabled: boolean): (value: string) => void {
  const previous = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (value: string) => {
    const before = previous.current;
    previous.current = value;
    const el = ref.current;
    if (!enabled || before === undefined || before === value || !el) return;
    const a = toD(value);
    const b = toD(before);
    if (!a || !b) return;
    const up = a.gt(b);
    el.classList.toggle('is-flash-up', up);
    el.classList.toggle('is-flash-down', !up);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => el.classList.remove('is-flash-up', 'is-flash-down'), FLASH_MS);
  };
}

/**
 * A quote's icon and name, drawn from their resolved texts: memoised on them, so a tick (a new row object with
 * the same pair) does not draw them again.
 */
const QuoteHead = memo(function QuoteHead({ coin, title, suffix }: { coin?: string; title?: string; suffix?: string }) {
  return (
    <>
      {coin !== undefined && <CoinIcon symbol={coin} />}
      <span className="w-row-main">
        {(title !== undefined || suffix !== undefined) && (
          <bdi className="w-row-title">
            {title}
            {suffix !== undefined && <span className="w-market-quote">{suffix}</span>}
          </bdi>
        )}
      </span>
    </>
  );
});

export interface QuoteRowProps {
  template: QuoteItemTemplate;
  item: unknown;
  /** The feed whose ticks the row's cells follow between renders. */
  live?: LiveFeedSpec;
  /** Field whose changes flash the row. */
  flash?: string;
  follow?: ListFollow;
  followed?: boolean;
  onFollow?: FollowToggle;
}

/** The row being drawn: its live cells read it here, so a tick redraws them and not the link around them. */
const LiveItem = createContext<unknown>(undefined);

/**
 * The row's link, memoised on where it leads: on a tick its props are the same (`item` is held while the route
 * is), so React skips it and only the context readers inside (the live cells) draw again.
 */
const QuoteLink = memo(RowLink);

/**
 * `item` as it was when `key` last changed: what the row's link needs, held across ticks. A row with an action
 * (run with the row's values when tapped) always takes the latest item.
 */
function useHeldItem(item: unknown, key: string | undefined): unknown {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- held on purpose: a new item with the same route is not a new link
  return useMemo(() => item, [key === undefined ? item : key]);
}

/** A number of a live cell, drawn as {@link Num} draws one, whose text the cell then writes itself. */
const LiveNum = forwardRef<HTMLElement, { value: string; locale: string }>(function LiveNum({ value, locale }, ref) {
  return <bdi ref={ref} dir="ltr" className="num">{localize(value, locale)}</bdi>;
});

/** The texts of a quote row's live cells for one state of its item ('' where a cell shows nothing). */
interface QuoteTexts { price: string; fiat: string; change: string }

type Pipes = ReturnType<typeof useTexts>['pipes'];

function quoteTexts(template: QuoteItemTemplate, scope: Record<string, unknown>, pipes: Pipes): QuoteTexts {
  const raw = (b: unknown) => (typeof b === 'number' ? b : typeof b === 'string' ? resolveValue(b, scope, pipes) : undefined);
  const price = template.price === undefined ? undefined : raw(template.price);
  const d = Number(raw(template.priceDecimals));
  const decimals = Number.isInteger(d) && d >= 0 ? d : undefined;
  const currency = template.priceCurrency ? resolveText(template.priceCurrency, scope, pipes) : '';
  const hasPrice = price !== undefined && price !== null && price !== '' && toD(price as string) !== null;
  const change = template.change === undefined ? undefined : raw(template.change);
  return {
    price: hasPrice ? group(price as string, decimals) : '',
    fiat: hasPrice && pipes.fiat.code !== currency ? fiat(price as string, { code: pipes.fiat.code, rate: pipes.fiat.rate, decimals }) : '',
    change: change === undefined || change === null || change === '' || toD(change as string) === null ? '' : percent(change as string),
  };
}

/** Which cells a state of the item shows: a tick that changes it is drawn by React, others by their texts. */
const shape = (t: QuoteTexts) => `${+!!t.price}${+!!t.fiat}${+!!t.change}`;

/**
 * The live part of a quote row: price (with its fiat value) and change, from the row in {@link LiveItem} with its
 * feed's latest values. A tick of the row's feed writes the new texts into the cells; only one that shows or
 * hides a cell (or a row with a `value` or `note` text) draws it again.
 */
function QuoteCells({ template, live }: { template: QuoteItemTemplate; live?: LiveFeedSpec }) {
  const base = useContext(LiveItem);
  const locale = useLocale();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const priceEl = useRef<HTMLElement>(null);
  const fiatEl = useRef<HTMLElement>(null);
  const changeEl = useRef<HTMLElement>(null);
  const drawn = useRef('');
  const key = live ? readDotted(base, live.key) : undefined;
  const { scope, pipes } = useTexts();
  const values = useLiveRow(live, key, (next) => {
    const shown = quoteTexts(template, { ...scope, item: { ...(base as object), ...next } }, pipes);
    if (template.value || template.note || shape(shown) !== drawn.current) { redraw(); return; }
    for (const [el, text] of [[priceEl.current, shown.price], [fiatEl.current, shown.fiat], [changeEl.current, shown.change]] as const) {
      const written = localize(text, locale);
      if (el && el.textContent !== written) el.textContent = written;
    }
    const badge = changeEl.current?.parentElement;
    const tone = `w-market-change is-${toneOf(shown.change)}`;
    if (badge && badge.className !== tone) badge.className = tone;
  });
  const item = values && base && typeof base === 'object' ? { ...base, ...values } : base;
  const texts = quoteTexts(template, { ...scope, item }, pipes);
  drawn.current = shape(texts);
  const { rich } = useTexts({ item });
  const value = template.value ? rich(template.value) : undefined;
  const note = template.note ? rich(template.note) : undefined;
  return (
    <>
      {texts.price
        ? <RowValue value={<LiveNum ref={priceEl} value={texts.price} locale={locale} />} valueClass="w-market-price"
          notes={[texts.fiat && <>≈ <LiveNum ref={fiatEl} value={texts.fiat} locale={locale} /></>, note]} />
        : <RowValue value={value} notes={[note]} />}
      {texts.change && <span className={`w-market-change is-${toneOf(texts.change)}`}><LiveNum ref={changeEl} value={texts.change} locale={locale} /></span>}
    </>
  );
}

export const QuoteRow = memo(function QuoteRow({ template, item: settled, live, flash, follow, followed = false, onFollow }: QuoteRowProps) {
  const quote = template.price !== undefined || template.change !== undefined;
  const li = useRef<HTMLLIElement>(null);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const flashTo = useFlash(li, !!flash);
  const flashOf = (row: unknown) => { const v = flash ? readDotted(row, flash) : undefined; return v === undefined || v === null ? '' : String(v); };
  // Only the quote cells follow ticks by themselves: a row showing live values elsewhere (a subtitle, a plain row's value) draws again.
  const values = useLiveRow(live, live ? readDotted(settled, live.key) : undefined, (next) => {
    flashTo(flashOf({ ...(settled as object), ...next }));
    if (!quote || template.subtitle) redraw();
  });
  const item = values && settled && typeof settled === 'object' ? { ...settled, ...values } : settled;
  // A render (the list's settled rows) shows what the ticks already flashed: it only records the value.
  useEffect(() => { flashTo(flashOf(item)); });
  const { text, rich, scope, pipes, route } = useTexts({ item });
  const linkItem = useHeldItem(item, quote && !template.action ? route(template.to ?? '') : undefined);

  const star = follow && onFollow ? (
    <Star item={item} followed={followed} onToggle={onFollow}
      label={pipes.t(followed ? follow.removeLabel : follow.addLabel, resolveValue(follow.values ?? {}, scope, pipes) as Record<string, unknown>)} />
  ) : null;
  const coin = template.coin ? text(template.coin) : undefined;
  const title = template.title ? text(template.title) : undefined;
  const suffix = template.suffix ? text(template.suffix) : undefined;
  // Without a subtitle (which may show live values) the head and the cells around it are the same on every tick.
  const steady = useMemo(() => (template.subtitle ? null : (
    <><QuoteHead coin={coin} title={title} suffix={suffix} /><QuoteCells template={template} live={live} /></>
  )), [template, live, coin, title, suffix]);

  if (!quote) {
    const head = template.subtitle
      ? <>{template.coin && <CoinIcon symbol={text(template.coin)} />}<RowMain title={template.title} suffix={template.suffix} subtitle={template.subtitle} item={item} /></>
      : <QuoteHead coin={coin} title={title} suffix={suffix} />;
    const value = template.value ? rich(template.value) : undefined;
    const note = template.note ? rich(template.note) : undefined;
    return (
      <li ref={li} className={star ? 'has-leading' : undefined}>
        {star}
        <RowLink to={template.to} action={template.action} item={item}>
          {head}
          <RowValue value={value} notes={[note]} />
        </RowLink>
      </li>
    );
  }

  const body = steady ?? (
    <>
      {template.coin && <CoinIcon symbol={text(template.coin)} />}
      <RowMain title={template.title} suffix={template.suffix} subtitle={template.subtitle} item={item} />
      <QuoteCells template={template} live={live} />
    </>
  );
  return (
    <LiveItem.Provider value={item}>
      <li ref={li} className={`w-quote${star ? ' has-leading' : ''}`}>
        {star}
        <QuoteLink to={template.to} action={template.action} item={linkItem}>{body}</QuoteLink>
      </li>
    </LiveItem.Provider>
  );
});
