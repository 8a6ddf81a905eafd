/** Small building blocks shared by the section widgets. */
import { createContext, useContext, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { navigateTo } from '../platform/navigation';
import { resolveParts, resolveTemplate, resolveText, type TextPart } from '../runtime/bindings';
import { linkAction, runAction } from '../runtime/actions';
import { useOptionalRuntime, useRuntime } from '../runtime/context';
import { localize, sameNumber } from '../../shared/format';
import { offeredLanguages } from '../platform/appConfig';
import { useAppState } from '../state/store';
import { useT } from '../i18n';
import type { Action, EmptyAction, Text } from '../runtime/types';
export { CoinIcon } from '../runtime/coinIcon';
import { FALLBACK_ICON, ICON_PATHS } from './iconPaths';
import './widgets.css';

/** Seconds left from `initial`, ticking once a second; a new `initial` (new data from the server) starts again from it. */
export function useSecondsLeft(initial: number): number {
  const [ticking, setTicking] = useState({ from: initial, left: initial });
  const left = ticking.from === initial ? ticking.left : initial;
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setTicking({ from: initial, left: Math.max(0, left - 1) }), 1000);
    return () => clearTimeout(timer);
  }, [initial, left]);
  return left;
}

/** Resolves texts in the current scope (plus optional data/item). */
export function useTexts(extra: { data?: unknown; item?: unknown } = {}) {
  const { scope, pipes } = useRuntime();
  const { mutate } = useSWRConfig();
  const full: Record<string, unknown> = { ...scope, ...extra };
  return {
    scope: full,
    pipes,
    t: pipes.t,
    text: (text: Text | undefined) => resolveText(text, full, pipes),
    /** A text with its numbers drawn as numbers ({@link Parts}): what a widget shows of a value. */
    rich: (text: Text | undefined) => <Parts parts={resolveParts(text, full, pipes)} />,
    route: (template: string) => resolveTemplate(template, full, pipes),
    run: (action: Action) => runAction(action, { scope: full, pipes, mutate }).catch(() => { /* the shell showed the failure (api/events) */ }),
  };
}

/**
 * True inside a tappable row, tile or button: a tap there is theirs, so a number in it is no button of its own
 * (Activator sets it; a widget drawing its own button around numbers wraps them in it).
 */
export const InControl = createContext(false);

/**
 * A resolved text: literal parts as they are, each number in `<bdi class="num">` (left to right, never
 * wrapped: widgets.css), coloured `up` / `down` when signed. A number cut to the currency's decimals carries
 * its exact value (`data-exact`, also its title): outside a tappable row it is a button, and a tap shows the
 * exact value in a bubble (shell/ExactValue.tsx, one listener for the whole app).
 */
export function Parts({ parts }: { parts: TextPart[] }) {
  const inControl = useContext(InControl);
  const t = useT();
  return (
    <>
      {parts.map((p, i) => {
        if (typeof p === 'string') return p;
        const className = p.tone === 'up' || p.tone === 'down' ? `num ${p.tone}` : 'num';
        if (p.exact === undefined || inControl) return <bdi key={i} dir="ltr" className={className} title={p.exact}>{p.num}</bdi>;
        return (
          <bdi key={i} dir="ltr" className={`${className} is-rounded`} title={p.exact} data-exact={p.exact} role="button" tabIndex={0}
            aria-label={t('common.exact_value_label', { shown: p.num, exact: p.exact })}>{p.num}</bdi>
        );
      })}
    </>
  );
}

/** How numbers are written here: the screen's locale, or the chosen language's outside a screen. */
export function useLocale(): string {
  const runtime = useOptionalRuntime();
  const lang = useAppState((s: { lang?: unknown }) => s.lang);
  return runtime?.pipes.locale ?? offeredLanguages().tag(String(lang));
}

/** The tone of a signed number as written (`+1.5%` up, `-2` down, else zero). */
export function toneOf(s: string): 'up' | 'down' | 'zero' {
  return s.startsWith('+') ? 'up' : s.startsWith('-') ? 'down' : 'zero';
}

/**
 * One number a widget formatted itself (`group`, `compact`, `percent` of src/shared/format, as they write it:
 * `1,234.5`), drawn as {@link Parts} draws a bound one: in the reader's locale, in `<bdi class="num">`, coloured by `tone`.
 */
export function Num({ value, tone, exact }: { value: string; tone?: 'up' | 'down' | 'zero'; exact?: string }) {
  const locale = useLocale();
  const num = localize(value, locale);
  const full = exact === undefined ? undefined : localize(exact, locale);
  return <Parts parts={[{ num, tone, exact: full !== undefined && !sameNumber(full, num, locale) ? full : undefined }]} />;
}

/** What a hidden figure shows. */
export const MASK = '****';

/** A text with each of its bindings shown as `****` (`≈ {{item.value | fiat}}` -> `≈ ****`); a key is translated as usual. */
export function maskedText(text: Text | undefined, resolve: (text: Text) => string): string {
  if (!text) return '';
  return text.includes('{{') ? text.replace(/\{\{[\s\S]*?\}\}/g, MASK) : resolve(text);
}

/** A section's content while it loads: skeleton rows (`rows`), or a one-line status for a small part. */
export function Loading({ label, rows }: { label?: string; rows?: number }) {
  const { t } = useTexts();
  if (rows) return <Skeleton rows={rows} label={label ?? t('list.loading')} />;
  return <div className="w-state w-loading" role="status" aria-live="polite">{label ?? t('list.loading')}</div>;
}

export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTexts();
  return (
    <div className="w-state w-error" role="alert">
      <span>{t('widget.load_failed')}</span>
      {onRetry && <button type="button" className="w-link-button" onClick={onRetry}>{t('widget.retry')}</button>}
    </div>
  );
}

/**
 * Nothing to show: the text, a hint of what to do next or what will show here, and, when the screen offers
 * one, the next step as a button ("Deposit now").
 */
export function EmptyState({ text, hint, action }: { text?: string; hint?: string; action?: EmptyAction }) {
  const { t, text: resolve } = useTexts();
  return (
    <div className="w-state w-empty">
      <p className="w-empty__text">{text ?? t('list.empty')}</p>
      {hint && <p className="w-empty__hint">{hint}</p>}
      {action && (
        <Activator className="w-button w-button-primary w-empty__action" to={action.to} action={action.action}>
          {resolve(action.label)}
        </Activator>
      )}
    </div>
  );
}

/**
 * Grey placeholder rows where content is about to appear: a section while its source loads, a page while
 * its chunk loads (shell/AsyncPage). Announced once as loading; the blocks are hidden from assistive technology.
 */
export function Skeleton({ rows = 3, label, title = false }: { rows?: number; label: string; title?: boolean }) {
  return (
    <div className="skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {title && <span className="skeleton__block skeleton__block--title" aria-hidden="true" />}
      {Array.from({ length: rows }, (_, i) => (
        <div className="skeleton__row" key={i} aria-hidden="true">
          <span className="skeleton__block skeleton__block--circle" />
          <span className="skeleton__lines"><span className="skeleton__block" /><span className="skeleton__block" /></span>
        </div>
      ))}
    </div>
  );
}

export function SectionTitle({ title }: { title?: Text }) {
  const { text } = useTexts();
  if (!title) return null;
  return <h2 className="w-title">{text(title)}</h2>;
}

/**
 * The row's "opens something" arrow; points the other way in right-to-left languages. Drawn, never a glyph:
 * "›" is a bidi-mirrored character, which the browser already turns round in right-to-left text, so flipping
 * it as well pointed it back the wrong way (issue 23).
 */
export function Chevron() {
  return (
    <span className="w-chevron" aria-hidden="true">
      <svg className="icon-flip-rtl" width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" focusable="false">
        <path d="m9 5 7 7-7 7" />
      </svg>
    </span>
  );
}

export function Icon({ name }: { name?: string }) {
  if (!name) return null;
  if (/^(https?:|\/|data:image\/)/.test(name)) return <img className="w-icon" src={name} alt="" aria-hidden="true" />;
  return (
    <span className="w-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={(ICON_PATHS as Readonly<Record<string, string>>)[name] ?? FALLBACK_ICON} />
      </svg>
    </span>
  );
}

/** A row or tile that navigates to `to` or runs `action`. */
export function Activator({ to, action, className, children, label, item, data }: {
  to?: string; action?: Action; className?: string; children: ReactNode; label?: string;
  /** The row's scope (`item`, `data`) for bindings in `to` and `action`. */
  item?: unknown; data?: unknown;
}) {
  const { route, run } = useTexts({ ...(item !== undefined ? { item } : {}), ...(data !== undefined ? { data } : {}) });
  const named = to ? linkAction(route(to)) : null;
  const inside = <InControl.Provider value>{children}</InControl.Provider>;
  if (named) {
    return <button type="button" className={className} onClick={() => { void run(named); }} aria-label={label}>{inside}</button>;
  }
  if (to) {
    const path = route(to);
    const onClick = (e: MouseEvent) => { e.preventDefault(); navigateTo(path); };
    return <a className={className} href={`#${path}`} onClick={onClick} aria-label={label}>{inside}</a>;
  }
  if (action) {
    return <button type="button" className={className} onClick={() => { void run(action); }} aria-label={label}>{inside}</button>;
  }
  return <div className={className}>{children}</div>;
}
