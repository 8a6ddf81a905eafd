/** `grid`: the shortcut grid (icon, label, route); the entries are data in the screen file. */
import { test } from '../../shared/screens/expression';
import { isKnownRoute } from '../platform/routes';
import type { GridSection } from '../runtime/types';
import { Activator, Icon, SectionTitle, useTexts } from './parts';

export default function Grid({ section }: { section: GridSection }) {
  const { text, scope } = useTexts();
  const items = section.items.filter((i) => test(i.visibleIf, scope) && (!i.to || isKnownRoute(i.to)));
  if (!items.length) return null;
  return (
    <nav className="w-section">
      <SectionTitle title={section.title} />
      <ul className="w-grid" style={{ ['--cols' as string]: section.columns ?? 4, listStyle: 'none', margin: 0 }}>
        {items.map((item) => (
          <li key={item.label}>
            <Activator className="w-tile" to={item.to} action={item.action}>
              <Icon name={item.icon} />
              <span>{text(item.label)}</span>
            </Activator>
          </li>
        ))}
      </ul>
    </nav>
  );
}
