/**
 * `menu`: rows with icon, label, value and a route or action; static items or rows from an endpoint. A
 * `picker` row, or a row linking to `action:setLanguage` / `action:setFiat` (GET /menu's rows), shows the
 * current interface language (in its own name) or display fiat and offers the choices in an action sheet:
 * the languages of screens/app.json, or the fiats with a rate. A row whose screen does not exist is hidden.
 * Fixed rows with a `source` and no `item` read its answer as `data` (Messages: the unread count). A row with
 * `checked` is a switch, on while the condition holds; a tap runs its action (which changes what it reads).
 */
import { test } from '../../shared/screens/expression';
import { useState } from 'react';
import { offeredLanguages, themeMode } from '../platform/appConfig';
import { isKnownRoute } from '../platform/routes';
import { chooseFiat, chooseLanguage, chooseTheme } from '../state/choosers';
import { useAppState } from '../state/store';
import { useSource } from '../runtime/useSource';
import type { MenuItem, MenuSection } from '../runtime/types';
import { Activator, Chevron, ErrorState, Icon, Loading, SectionTitle, useTexts } from './parts';

type Picker = NonNullable<MenuItem['picker']>;
const PICKER_LINKS: Record<string, Picker> = { 'action:setLanguage': 'language', 'action:setFiat': 'fiat' };

/** The theme row: the mode shown (light, dark, following the system), changed from an action sheet. */
function ThemeRow({ icon, label }: { icon?: string; label: string }) {
  const { pipes } = useTexts();
  const [mode, setMode] = useState(themeMode);
  const choose = () => { void chooseTheme(pipes.t).then(() => setMode(themeMode())); };
  return (
    <li>
      <button type="button" className="w-row" aria-haspopup="dialog" onClick={choose}>
        <Icon name={icon ?? 'theme'} />
        <span className="w-row-main">{label}</span>
        <span className="w-row-value">{pipes.t(`theme.${mode}`)}</span>
        <Chevron />
      </button>
    </li>
  );
}

function PickerRow({ picker, icon, label }: { picker: Picker; icon?: string; label: string }) {
  if (picker === 'theme') return <ThemeRow icon={icon} label={label} />;
  return <LanguageOrFiatRow picker={picker} icon={icon} label={label} />;
}

function LanguageOrFiatRow({ picker, icon, label }: { picker: Picker; icon?: string; label: string }) {
  const { pipes } = useTexts();
  const lang = useAppState((s: { lang?: string }) => s.lang);
  const fiat = useAppState((s: { fiat?: { currency_code?: string } | null }) => s.fiat?.currency_code ?? 'USD');
  const language = picker === 'language';
  const languages = offeredLanguages();
  const choose = () => { void (language ? chooseLanguage(pipes.t) : chooseFiat(pipes.t, pipes.locale)); };
  return (
    <li>
      <button type="button" className="w-row" aria-haspopup="dialog" onClick={choose}>
        <Icon name={icon ?? (language ? 'globe' : 'currency')} />
        <span className="w-row-main">{label}</span>
        {language
          ? languages.has(lang) && <span className="w-row-value" lang={languages.tag(lang)}>{languages.name(lang)}</span>
          : <span className="w-row-value">{fiat}</span>}
        <Chevron />
      </button>
    </li>
  );
}

/** A switch row: its state read from `checked`; a tap runs the action once at a time. */
function SwitchRow({ entry, icon, data }: { entry: MenuItem; icon?: string; data?: unknown }) {
  const { text, scope, run } = useTexts(data !== undefined ? { data } : {});
  const [busy, setBusy] = useState(false);
  const toggle = () => {
    setBusy(true);
    void run(entry.action!).finally(() => setBusy(false));
  };
  return (
    <li>
      <button type="button" className="w-row" role="switch" aria-checked={test(entry.checked, scope)} aria-busy={busy} disabled={busy} onClick={toggle}>
        <Icon name={icon} />
        <span className="w-row-main">{text(entry.label)}</span>
        <span className="w-switch" aria-hidden="true" />
      </button>
    </li>
  );
}

function MenuRow({ entry, item, data }: { entry: MenuItem; item?: unknown; data?: unknown }) {
  const { text, scope, route } = useTexts(item !== undefined ? { item } : data !== undefined ? { data } : {});
  const to = entry.to && route(entry.to);
  if (!test(entry.visibleIf, scope) || (to && !isKnownRoute(to))) return null;
  const icon = entry.icon && entry.icon.includes('{{') ? text(entry.icon) : entry.icon;
  const picker = entry.picker ?? (to ? PICKER_LINKS[to] : undefined);
  if (picker) return <PickerRow picker={picker} icon={icon} label={text(entry.label)} />;
  if (entry.checked !== undefined) return <SwitchRow entry={entry} icon={icon} data={data} />;
  return (
    <li>
      <Activator className="w-row" to={entry.to} action={entry.action} item={item}>
        <Icon name={icon} />
        <span className="w-row-main">{text(entry.label)}</span>
        {entry.value && <span className="w-row-value"><bdi>{text(entry.value)}</bdi></span>}
        {(entry.to || entry.action) && <Chevron />}
      </Activator>
    </li>
  );
}

export default function Menu({ section }: { section: MenuSection }) {
  const src = useSource<unknown[]>(section.source);
  if (section.source && src.isLoading) return <Loading rows={3} />;
  if (section.source && src.error) return <ErrorState onRetry={src.retry} />;
  const rows = section.source && section.item && Array.isArray(src.data) ? src.data : [];
  // Without `item`, the source is the fixed rows' own: they read its answer as `data` (the messages row's unread count).
  const data = section.source && !section.item ? src.data : undefined;
  return (
    <nav className="w-section">
      <SectionTitle title={section.title} />
      <ul className="w-list">
        {(section.items ?? []).map((entry) => <MenuRow key={entry.label} entry={entry} data={data} />)}
        {rows.map((item, i) => <MenuRow key={(item as { id?: number })?.id ?? i} entry={section.item!} item={item} />)}
      </ul>
    </nav>
  );
}
