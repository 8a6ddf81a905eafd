/**
 * The custom bottom tab bar (SPEC 2): the 5 tabs of screens/app.json; the active one shakes briefly. A tab
 * whose screen does not exist yet is left out rather than leading to a missing page.
 */
import { useT } from '../i18n/useT';
import { appConfig, type TabConfig, type TabKey } from '../platform/appConfig';
import { TAB_ICONS } from './icons';
import { redirectTo } from '../platform/navigation';
import { isKnownRoute } from '../platform/routes';

interface Props {
  active?: TabKey;
  tabs?: TabConfig[];
}

export function TabBar({ active, tabs = appConfig.tabBar.tabs }: Props) {
  const t = useT();
  return (
    <nav className="tabbar" aria-label={t('shell.tabbar')}>
      <ul className="tabbar__list">
        {tabs.filter((tab) => isKnownRoute(tab.route)).map((tab) => {
          const Icon = TAB_ICONS[tab.icon];
          const selected = tab.key === active;
          return (
            <li key={tab.key} className="tabbar__item">
              <a
                href={`#${tab.route}`}
                className={`tabbar__link${selected ? ' is-active' : ''}`}
                aria-current={selected ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  if (!selected) redirectTo(tab.route);
                }}
              >
                <span className={`tabbar__icon${selected ? ' shake' : ''}`}><Icon /></span>
                <span className="tabbar__label">{t(tab.label)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
