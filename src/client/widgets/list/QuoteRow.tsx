/**
 * One row of a quotes table. A quote row (`price` / `change`) lays out title, price (with its value in the
 * chosen fiat) and a change badge in fixed columns; other rows are the usual row. Rows are memoised on their
 * item, so a live update re-renders only the rows it changed; a change of the `flash` field tints the row
 * green or red for a moment without a re-render.
 */
import { memo, useEffect, useRef, type RefObject } from 'react';
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

export const QuoteRow = memo(function QuoteRow({ template, item, flash, follow, followed = false, onFollow }: QuoteRowProps) {
  const { text, rich, scope, pipes } = useTexts({ item });
  const li = useRef<HTMLLIElement>(null);
  const flashValue = flash ? readDotted(item, flash) : undefined;
  useFlash(li, flashValue === undefined || flashValue === null ? '' : String(flashValue), !!flash);

  const raw = (b: unknown) => (typeof b === 'number' ? b : typeof b === 'string' ? resolveValue(b, scope, pipes) : undefined);
  const star = follow && onFollow ? (
    <Star item={item} followed={followed} onToggle={onFollow}
      label={pipes.t(followed ? follow.removeLabel : follow.addLabel, resolveValue(follow.values ?? {}, scope, pipes) as Record<string, unknown>)} />
  ) : null;
  // Without a subtitle (which may show live values) the head is the same on every tick: memoised.
  const head = template.subtitle
    ? <>{template.coin && <CoinIcon symbol={text(template.coin)} />}<RowMain title={template.title} suffix={template.suffix} subtitle={template.subtitle} item={item} /></>
    : <QuoteHead coin={template.coin ? text(template.coin) : undefined} title={template.title ? text(template.title) : undefined}
      suffix={template.suffix ? text(template.suffix) : undefined} />;
  const value = template.value ? rich(template.value) : undefined;
  const note = template.note ? rich(template.note) : undefined;

  if (template.price === undefined && template.change === undefined) {
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
    <li ref={li} className={`w-quote${star ? ' has-leading' : ''}`}>
      {star}
      <RowLink to={template.to} action={template.action} item={item}>
        {head}
        {hasPrice
          ? <RowValue value={<Num value={group(price as string, decimals)} />} valueClass="w-market-price"
            notes={[fiatText && <>≈ <Num value={fiatText} /></>, note]} />
          : <RowValue value={value} notes={[note]} />}
        {changeText && <span className={`w-market-change is-${toneOf(changeText)}`}><Num value={changeText} /></span>}
      </RowLink>
    </li>
  );
});
