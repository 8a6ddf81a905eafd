import { useT } from '../i18n/useT';
import { appConfig } from '../platform/appConfig';
import { NavBar } from './NavBar';
import { redirectTo } from '../platform/navigation';

/** Unknown route: a message and a button home. */
export function NotFound() {
  const t = useT();
  return (
    <div className="page">
      <NavBar title="shell.not_found_title" />
      <main className="page__body page-state" id="main">
        <p className="page-state__title">{t('shell.not_found_message')}</p>
        <button type="button" className="btn btn--primary" onClick={() => redirectTo(appConfig.home)}>
          {t('shell.go_home')}
        </button>
      </main>
    </div>
  );
}
