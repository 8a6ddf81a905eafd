/**
 * What the rows of a list (List.tsx), a records section (RecordRow) and a quotes table (QuoteRow) share: the
 * tappable row, its title and its value.
 */
import type { ReactNode } from 'react';
import type { Action, Template, Text } from '../../runtime/types';
import { isKnownRoute } from '../../platform/routes';
import { Activator, useTexts } from '../parts';

/** The row's body as a link (only to a screen that exists) or an action, else a plain block. */
export function RowLink({ to, action, item, children }: { to?: Template; action?: Action; item: unknown; children: ReactNode }) {
  const { route } = useTexts({ item });
  const target = to && isKnownRoute(route(to)) ? to : undefined;
  return target || action
    ? <Activator className="w-row" to={target} action={action} item={item}>{children}</Activator>
    : <div className="w-row">{children}</div>;
}

/** The title (with a muted suffix right after it, in the same isolate) and the subtitle under it. */
export function RowMain({ title, suffix, subtitle, item }: { title?: Text; suffix?: Text; subtitle?: Text; item: unknown }) {
  const { text, rich } = useTexts({ item });
  return (
    <span className="w-row-main">
      {(title || suffix) && (
        <bdi className="w-row-title">
          {text(title)}
          {suffix && <span className="w-market-quote">{text(suffix)}</span>}
        </bdi>
      )}
      {subtitle && <span className="w-row-sub">{rich(subtitle)}</span>}
    </span>
  );
}

/**
 * The row's value at its end (`valueClass` names it, e.g. a quote's price) with muted notes under it (a fiat
 * value, a note); nothing when there is neither.
 */
export function RowValue({ value, notes = [], valueClass }: { value?: ReactNode; notes?: ReactNode[]; valueClass?: string }) {
  const shown = notes.filter((n) => n !== undefined && n !== null && n !== false && n !== '');
  if ((value === undefined || value === null || value === false || value === '') && !shown.length) return null;
  return (
    <span className="w-row-value">
      {value !== undefined && value !== null && value !== false && value !== '' && <bdi className={valueClass}>{value}</bdi>}
      {shown.map((n, i) => <span key={i} className="w-row-sub">{n}</span>)}
    </span>
  );
}
