/**
 * One row of a records section (Records.tsx): the usual row, with optional label/value `fields` under it, `buttons` (actions over
 * its item: close, cancel) and a live `countdown` (seconds left, ticking). Rows are memoised on their item.
 */
import { memo } from 'react';
import { countdown } from '../../../shared/format';
import { test } from '../../../shared/screens/expression';
import { resolveValue } from '../../runtime/bindings';
import type { RecordItemTemplate } from '../../runtime/types';
import { CoinIcon, maskedText, useSecondsLeft, useTexts } from '../parts';
import { RowLink, RowMain, RowValue } from './rowParts';

/** The seconds left of a row (`useSecondsLeft`), with its label, or `done` once they are over. */
function RowCountdown({ initial, label, done }: { initial: number; label: string; done: string }) {
  const left = useSecondsLeft(initial);
  return (
    <p className="w-row-countdown" role="timer" aria-live="off">
      {label && <span>{label} </span>}
      <bdi>{left > 0 || !done ? countdown(left) : done}</bdi>
    </p>
  );
}

type RowButton = NonNullable<RecordItemTemplate['buttons']>[number];

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

export interface RecordRowProps {
  template: RecordItemTemplate;
  item: unknown;
  /** Bound figures show as `****`. */
  masked: boolean;
}

export const RecordRow = memo(function RecordRow({ template, item, masked }: RecordRowProps) {
  const { text, rich, scope, pipes } = useTexts({ item });

  const show = (t: string | undefined) => (masked ? maskedText(t, text) : rich(t));
  const image = template.image ? text(template.image) : '';
  const fields = template.fields ?? [];
  const timer = template.countdown && test(template.countdown.visibleIf, scope) ? template.countdown : undefined;
  const card = fields.length > 0 || Boolean(template.buttons?.length) || Boolean(timer);
  return (
    <li className={card ? 'w-row-card' : undefined}>
      <RowLink to={template.to} action={template.action} item={item}>
        {image && <img className="w-row-img" src={image} alt="" />}
        {template.coin && <CoinIcon symbol={text(template.coin)} />}
        <RowMain title={template.title} subtitle={template.subtitle} item={item} />
        <RowValue value={template.value ? show(template.value) : undefined} notes={[template.note ? show(template.note) : undefined]} />
      </RowLink>
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
