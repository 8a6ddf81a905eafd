/**
 * One row of a quotes table. A quote row (`price` / `change`) lays out title, price (with its value in the
 * chosen fiat) and a change badge in fixed columns; other rows are the usual row. Rows are memoised on their
 * item, so a live update re-renders only the rows it changed, and in them only the live cells (QuoteCells): the
 * link, icon and name around them are held while the row's route is the same. A change of the `flash` field
 * tints the row green or red for a moment without a re-render.
 */
import { createContext, memo, useContext, useEffect, useMemo, useRef, type RefObject } from 'react';
import { fiat, group, percent, toD } from '../../../shared/format';
import { readDotted } from '../../../shared/screens/expression';
import { resolveValue } from '../../runtime/bindings';
import type { ListFollow, QuoteItemTemplate } from '../../runtime/types';
import { CoinIcon, Num, toneOf, useTexts } from '../parts';
import { Star, type FollowToggle } from './follow';
import { RowLink, RowMain, RowValue } from './rowParts';

const FLASH_MS = 600;

/**
 * Tints the element green or red for a moment after the value rose or fell, by its class and without a
 * re-render. Under a fast feed the tint simply stays on (a static tint costs nothing per frame).
 */
function useFlash(ref: RefObject<HTMLElement | null>, value: string, enabled: boolean): void {
  const previous = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    const el = ref.current;
    if (!enabled || before === value || !el) return;
    const a = toD(value);
    const b = toD(before);
    if (!a || !b) return;
    const up = a.gt(b);
    el.classList.toggle('is-flash-up', up);
    el.classList.toggle('is-flash-down', !up);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => el.classList.remove('is-flash-up', 'is-flash-down'), FLASH_MS);
  }, [ref, value, enabled]);
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

/** The live part of a quote row: price (with its fiat value) and change, from the row in {@link LiveItem}. */
function QuoteCells({ template }: { template: QuoteItemTemplate }) {
  const item = useContext(LiveItem);
  const { text, rich, scope, pipes } = useTexts({ item });
  const raw = (b: unknown) => (typeof b === 'number' ? b : typeof b === 'string' ? resolveValue(b, scope, pipes) : undefined);
  const value = template.value ? rich(template.value) : undefined;
  const note = template.note ? rich(template.note) : undefined;
  const price = template.price === undefined ? undefined : raw(template.price);
  const d = Number(raw(template.priceDecimals));
  const decimals = Number.isInteger(d) && d >= 0 ? d : undefined;
  const currency = template.priceCurrency ? text(template.priceCurrency) : '';
  const hasPrice = price !== undefined && price !== null && price !== '' && toD(price as string) !== null;
  const fiatText = hasPrice && pipes.fiat.code !== currency
    ? fiat(price as string, { code: pipes.fiat.code, rate: pipes.fiat.rate, decimals }) : '';
  const change = template.change === undefined ? undefined : raw(template.change);
  const changeText = change === undefined || change === null || change === '' || toD(change as string) === null ? '' : percent(change as string);
  return (
    <>
      {hasPrice
        ? <RowValue value={<Num value={group(price as string, decimals)} />} valueClass="w-market-price"
          notes={[fiatText && <>≈ <Num value={fiatText} /></>, note]} />
        : <RowValue value={value} notes={[note]} />}
      {changeText && <span className={`w-market-change is-${toneOf(changeText)}`}><Num value={changeText} /></span>}
    </>
  );
}

export const QuoteRow = memo(function QuoteRow({ template, item, flash, follow, followed = false, onFollow }: QuoteRowProps) {
  const { text, rich, scope, pipes, route } = useTexts({ item });
  const li = useRef<HTMLLIElement>(null);
  const flashValue = flash ? readDotted(item, flash) : undefined;
  useFlash(li, flashValue === undefined || flashValue === null ? '' : String(flashValue), !!flash);
  const quote = template.price !== undefined || template.change !== undefined;
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
    <><QuoteHead coin={coin} title={title} suffix={suffix} /><QuoteCells template={template} /></>
  )), [template, coin, title, suffix]);

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
      <QuoteCells template={template} />
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
