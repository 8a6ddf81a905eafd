/** `menu`: rows with icon, label, value and a route or action; static items or rows from an endpoint. */
import { test } from '../../shared/screens/expression';
import { isKnownRoute } from '../shell/routes';
import { useSource } from '../runtime/useSource';
import type { MenuItem, MenuSection } from '../runtime/types';
import { Activator, Chevron, ErrorState, Icon, Loading, SectionTitle, useTexts } from './parts';

function MenuRow({ entry, item }: { entry: MenuItem; item?: unknown }) {
  const { text, scope } = useTexts(item === undefined ? {} : { item });
  if (!test(entry.visibleIf, scope) || (entry.to && !isKnownRoute(entry.to))) return null;
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
