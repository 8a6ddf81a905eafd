import { useT } from '../i18n/useT';
import { appConfig } from '../platform/appConfig';
import { NavBar } from './NavBar';
import { redirectTo } from '../platform/navigation';
import { TabBar } from './TabBar';

/** Unknown route: a message, a button home, the way back and the tab bar. */
export function NotFound() {
  const t = useT();
  return (
    <div className="page page--tab">
      <NavBar title="shell.not_found_title" />
      <main className="page__body page-state" id="main">
        <p className="page-state__title">{t('shell.not_found_message')}</p>
        <button type="button" className="btn btn--primary" onClick={() => redirectTo(appConfig.home)}>
          {t('shell.go_home')}
        </button>
      </main>
      <TabBar />
    </div>
  );
}
