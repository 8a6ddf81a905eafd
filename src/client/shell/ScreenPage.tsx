/**
 * One route: loads its screen definition and the runtime (AsyncPage states), applies the auth guard,
 * draws the nav bar, the page (sliding in on forward navigation) and, on tab screens, the tab bar. When
 * the operator changes the route's screen file, the new definition replaces the old in place: sections
 * that stay keep their state (what the user typed, scroll, open tabs).
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { useT } from '../i18n/useT';
import type { ScreenDefinition } from '../runtime/types';
import { test } from '../../shared/screens/expression';
import { appConfig } from '../platform/appConfig';
import { useManifest } from '../platform/configuration';
import { useAppState } from '../state/store';
import { AsyncPage } from './AsyncPage';
import { toast } from '../platform/feedback';
import { markFirstScreen } from '../platform/firstScreen';
import { loginRoute, redirectTo } from '../platform/navigation';
import { DarkToggle, useScreenDark } from './darkScreen';
import { NavBar } from './NavBar';
import { loadScreen, loadScreenPage, type ScreenComponent } from './screenModules';
import { ServiceButton } from './ServiceButton';
import { TabBar } from './TabBar';

export const AUTH_REDIRECT_DELAY_MS = 1200;

export function ScreenPage({ route }: { route: string }) {
  return (
    <AsyncPage key={route} frame={(content) => <PageFrame route={route}>{content}</PageFrame>}
      load={() => loadScreenPage(route)}>
      {([definition, Screen]) => <LiveScreen route={route} initial={definition} Screen={Screen} />}
    </AsyncPage>
  );
}

/**
 * The page around a screen that is loading or failed to load: a nav bar with its way back (none on a tab's
 * own screen) and the tab bar, so the user can always go elsewhere.
 */
export function PageFrame({ route, children }: { route: string; children: ReactNode }) {
  const tab = appConfig.tabBar.tabs.find((x) => x.route === route);
  return (
    <div className="page page--tab">
      <NavBar back={!tab} />
      <main className="page__body" id="main">{children}</main>
      <TabBar active={tab?.key} />
    </div>
  );
}

function LiveScreen({ route, initial, Screen }: { route: string; initial: ScreenDefinition; Screen: ScreenComponent }) {
  const hash = useManifest().screens[route];
  const [definition, setDefinition] = useState(initial);
  const shown = useRef(hash);
  useEffect(() => {
    if (!hash || hash === shown.current) return undefined;
    let live = true;
    loadScreen(route).then((next) => {
      if (!live) return;
      shown.current = hash;
      setDefinition(next);
    }, (err: unknown) => console.error(err));
    return () => { live = false; };
  }, [hash, route]);
  return <ScreenView definition={definition} Screen={Screen} />;
}

/**
 * SPEC 6: a page needing login opened with no stored token toasts and goes to login after 1200 ms. When the
 * session ends while the page is shown, whoever ended it said why (a password change, the server's "log in
 * again"): the page goes to login without a toast of its own over theirs.
 */
function useAuthGuard(route: string, needsAuth: boolean, token: string): boolean {
  const t = useT();
  const blocked = needsAuth && !token;
  const opened = useRef<{ route: string; blocked: boolean } | null>(null);
  if (opened.current?.route !== route) opened.current = { route, blocked };
  const openedBlocked = opened.current.blocked;
  useEffect(() => {
    if (!blocked) return;
    if (openedBlocked) toast(t('common.login_first'));
    const timer = setTimeout(() => redirectTo(loginRoute()), AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [blocked, openedBlocked, t]);
  return blocked;
}

/**
 * A screen whose `redirect.when` holds (a link missing what it needs, a visitors' page opened by a user)
 * goes to `redirect.to` instead, replacing its entry.
 */
function useRedirect(redirect: ScreenDefinition['redirect'], scope: Record<string, unknown>, blocked: boolean): boolean {
  const away = !!redirect && !blocked && test(redirect.when, scope);
  const to = redirect?.to;
  useEffect(() => { if (away && to) redirectTo(to); }, [away, to]);
  return away;
}

export function ScreenView({ definition, Screen }: { definition: ScreenDefinition; Screen: ScreenComponent }) {
  const token = useAppState((s) => s.token);
  const location = useLocation();
  const navType = useNavigationType();
  const blocked = useAuthGuard(definition.route, !!definition.auth, token);
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(location.search)), [location.search]);
  const user = useAppState((s) => s.user);
  const away = useRedirect(definition.redirect, useMemo(() => ({ query, user }), [query, user]), blocked);
  const [boundTitle, setBoundTitle] = useState('');
  const isTab = !!definition.tab;
  const slide = !isTab && navType === 'PUSH';
  useEffect(markFirstScreen, []);
  useScreenDark(definition.dark);
  const darkToggle = typeof definition.dark === 'string' ? <DarkToggle pref={definition.dark} /> : undefined;
  return (
    <div className={`page${isTab ? ' page--tab' : ''}${slide ? ' page--slide' : ''}`}>
      {definition.navBar !== false && <NavBar title={definition.title} text={boundTitle} back={!isTab} right={darkToggle} />}
      <main className="page__body" id="main">
        {!blocked && !away && <Screen definition={definition} query={query} onTitle={setBoundTitle} />}
      </main>
      {isTab && <TabBar active={definition.tab} />}
      <ServiceButton withTabBar={isTab} />
    </div>
  );
}
