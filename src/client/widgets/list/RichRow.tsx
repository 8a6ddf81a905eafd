/**
 * One row of a RichList. A quote row (`price` / `change`) lays out title, price (with its value in the
 * chosen fiat) and a change badge in fixed columns; other rows are the usual row, with optional label/value
 * `fields` under it. Rows are memoised on their item, so a live update re-renders only the rows it changed;
 * a change of the `flash` field tints the row green or red for a moment without a re-render. A row may carry
 * `buttons` (actions over its item: close, cancel) and a live `countdown` (seconds left, ticking).
 */
import { memo, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { countdown, fiat, group, percent, toD } from '../../../shared/format';
import { readDotted, test } from '../../../shared/screens/expression';
import { resolveValue } from '../../runtime/bindings';
import type { ListFollow, ListItemTemplate } from '../../runtime/types';
import { isKnownRoute } from '../../platform/routes';
import { Row } from '../List';
import { Activator, MASK, maskedText, useTexts } from '../parts';
import { Star, type FollowToggle } from './follow';

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

/** Seconds left from `initial` (a new value from the server starts again from it), ticking once a second. */
function RowCountdown({ initial, label, done }: { initial: number; label: string; done: string }) {
  const [ticking, setTicking] = useState({ from: initial, left: initial });
  const left = ticking.from === initial ? ticking.left : initial;
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setTicking({ from: initial, left: Math.max(0, left - 1) }), 1000);
    return () => clearTimeout(timer);
  }, [initial, left]);
  return (
    <p className="w-row-countdown" role="timer" aria-live="off">
      {label && <span>{label} </span>}
      <bdi>{left > 0 || !done ? countdown(left) : done}</bdi>
    </p>
  );
}

type RowButton = NonNullable<ListItemTemplate['buttons']>[number];

function RowButtons({ buttons, item }: { buttons: RowButton[]; item: unknown }) {
  const { text, run, scope } = useTexts({ item });
  const shown = buttons.filter((b) => test(b.visibleIf, scope));
  if (!shown.length) return null;
  return (
    <div className="w-row-buttons">
      {shown.map((b) => (
        <button key={b.label} type="button" className={`w-button w-button-${b.variant ?? 'default'}`} onClick={() => { void run(b.action); }}>
          {text(b.label)}
        </button>
      ))}
    </div>
  );
}

export interface RichRowProps {
  template: ListItemTemplate;
  item: unknown;
  /** Bound figures show as `****`. */
  masked: boolean;
  /** Field whose changes flash the row. */
  flash?: string;
  follow?: ListFollow;
  followed?: boolean;
  onFollow?: FollowToggle;
}

export const RichRow = memo(function RichRow({ template, item, masked, flash, follow, followed = false, onFollow }: RichRowProps) {
  const { text, route, scope, pipes } = useTexts({ item });
  const li = useRef<HTMLLIElement>(null);
  const flashValue = flash ? readDotted(item, flash) : undefined;
  useFlash(li, flashValue === undefined || flashValue === null ? '' : String(flashValue), !!flash);
  if (template.body) return <Row template={template} item={item} />;

  const show = (t: string | undefined) => (masked ? maskedText(t, text) : text(t));
  const raw = (b: unknown) => (typeof b === 'number' ? b : typeof b === 'string' ? resolveValue(b, scope, pipes) : undefined);
  const path = template.to ? route(template.to) : '';
  const to = template.to && isKnownRoute(path) ? template.to : undefined;
  const link = (body: ReactNode) => (to || template.action
    ? <Activator className="w-row" to={to} action={template.action} item={item}>{body}</Activator>
    : <div className="w-row">{body}</div>);

  const star = follow && onFollow ? (
    <Star item={item} followed={followed} onToggle={onFollow}
      label={pipes.t(followed ? follow.removeLabel : follow.addLabel, resolveValue(follow.values ?? {}, scope, pipes) as Record<string, unknown>)} />
  ) : null;
  const title = (template.title || template.suffix) && (
    <bdi className="w-row-title">
      {text(template.title)}
      {template.suffix && <span className="w-market-quote">{text(template.suffix)}</span>}
    </bdi>
  );
  const main = (
    <span className="w-row-main">
      {title}
      {template.subtitle && <span className="w-row-sub">{text(template.subtitle)}</span>}
    </span>
  );

  if (template.price !== undefined || template.change !== undefined) {
    const price = template.price === undefined ? undefined : raw(template.price);
    const d = Number(raw(template.priceDecimals));
    const decimals = Number.isInteger(d) && d >= 0 ? d : undefined;
    const currency = template.priceCurrency ? text(template.priceCurrency) : '';
    const hasPrice = price !== undefined && price !== null && price !== '';
    const priceText = hasPrice ? (masked ? MASK : group(price as string, decimals)) : '';
    const fiatText = hasPrice && pipes.fiat.code !== currency
      ? `≈ ${masked ? MASK : fiat(price as string, { code: pipes.fiat.code, rate: pipes.fiat.rate, decimals })}` : '';
    const change = template.change === undefined ? undefined : raw(template.change);
    const changeText = change === undefined || change === null || change === '' ? '' : String(change);
    return (
      <li ref={li} className={`w-quote${star ? ' has-leading' : ''}`}>
        {star}
        {link(
          <>
            {main}
            <span className="w-row-value">
              {priceText && <span className="w-market-price">{priceText}</span>}
              {!priceText && template.value && <bdi>{show(template.value)}</bdi>}
              {fiatText && <span className="w-row-sub">{fiatText}</span>}
              {template.note && <span className="w-row-sub">{show(template.note)}</span>}
            </span>
            {changeText && (
              <span className={`w-market-change ${changeText.startsWith('-') ? 'is-down' : 'is-up'}`}>
                {masked ? MASK : percent(changeText)}
              </span>
            )}
          </>,
        )}
      </li>
    );
  }

  const image = template.image ? text(template.image) : '';
  const fields = template.fields ?? [];
  const timer = template.countdown && test(template.countdown.visibleIf, scope) ? template.countdown : undefined;
  const card = fields.length > 0 || Boolean(template.buttons?.length) || Boolean(timer);
  const classes = [star ? 'has-leading' : '', card ? 'w-row-card' : ''].filter(Boolean).join(' ');
  return (
    <li ref={li} className={classes || undefined}>
      {star}
      {link(
        <>
          {image && <img className="w-row-img" src={image} alt="" />}
          {main}
          {(template.value || template.note) && (
            <span className="w-row-value">
              {template.value && <bdi>{show(template.value)}</bdi>}
              {template.note && <span className="w-row-sub">{show(template.note)}</span>}
            </span>
          )}
        </>,
      )}
      {fields.length > 0 && (
        <dl className="w-row-fields" style={{ ['--fields' as string]: fields.length <= 4 ? fields.length : 3 }}>
          {fields.map((f) => (
            <div key={f.label}><dt>{text(f.label)}</dt><dd>{show(f.value)}</dd></div>
          ))}
        </dl>
      )}
      {timer && (
        <RowCountdown initial={Math.max(0, Math.floor(Number(resolveValue(timer.seconds, scope, pipes)) || 0))}
          label={timer.label ? text(timer.label) : ''} done={timer.done ? text(timer.done) : ''} />
      )}
      {template.buttons && <RowButtons buttons={template.buttons} item={item} />}
    </li>
  );
});
