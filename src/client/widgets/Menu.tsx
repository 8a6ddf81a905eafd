/**
 * `menu`: rows with icon, label, value and a route or action; static items or rows from an endpoint. A
 * `picker` row shows the current interface language (in its own name) or display fiat and offers the
 * choices in an action sheet: the languages of screens/app.json, or the fiats with a rate.
 */
import { BCP47, isLanguage, LANGUAGE_NAMES } from '../../shared/i18n/languages';
import { test } from '../../shared/screens/expression';
import { isKnownRoute } from '../platform/routes';
import { chooseFiat, chooseLanguage } from '../state/choosers';
import { useAppState } from '../state/store';
import { useSource } from '../runtime/useSource';
import type { MenuItem, MenuSection } from '../runtime/types';
import { Activator, Chevron, ErrorState, Icon, Loading, SectionTitle, useTexts } from './parts';

function PickerRow({ entry }: { entry: MenuItem }) {
  const { text, pipes } = useTexts();
  const lang = useAppState((s: { lang?: string }) => s.lang);
  const fiat = useAppState((s: { fiat?: { currency_code?: string } | null }) => s.fiat?.currency_code ?? 'USD');
  const language = entry.picker === 'language';
  const choose = () => { void (language ? chooseLanguage(pipes.t) : chooseFiat(pipes.t, pipes.locale)); };
  return (
    <li>
      <button type="button" className="w-row" aria-haspopup="dialog" onClick={choose}>
        <Icon name={entry.icon ?? (language ? 'globe' : 'currency')} />
        <span className="w-row-main">{text(entry.label)}</span>
        {language
          ? isLanguage(lang) && <span className="w-row-value" lang={BCP47[lang]}>{LANGUAGE_NAMES[lang]}</span>
          : <span className="w-row-value">{fiat}</span>}
        <Chevron />
      </button>
    </li>
  );
}

function MenuRow({ entry, item }: { entry: MenuItem; item?: unknown }) {
  const { text, scope } = useTexts(item === undefined ? {} : { item });
  if (!test(entry.visibleIf, scope) || (entry.to && !isKnownRoute(entry.to))) return null;
  if (entry.picker) return <PickerRow entry={entry} />;
  const icon = entry.icon && entry.icon.includes('{{') ? text(entry.icon) : entry.icon;
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
  if (section.source && src.isLoading) return <Loading />;
  if (section.source && src.error) return <ErrorState onRetry={src.retry} />;
  const rows = section.source && section.item && Array.isArray(src.data) ? src.data : [];
  return (
    <nav className="w-section">
      <SectionTitle title={section.title} />
      <ul className="w-list">
        {(section.items ?? []).map((entry) => <MenuRow key={entry.label} entry={entry} />)}
        {rows.map((item, i) => <MenuRow key={(item as { id?: number })?.id ?? i} entry={section.item!} item={item} />)}
      </ul>
    </nav>
  );
}
