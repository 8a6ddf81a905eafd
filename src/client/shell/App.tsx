/**
 * The app shell: hash routing (base /) over the routes that have a screen file (from the served
 * configuration; the table follows reloads), SWR wired to the request layer, the feedback host. `/` shows
 * the home route of screens/app.json.
 */
import { useEffect, useMemo } from 'react';
import { HashRouter, Outlet, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { swrFetcher } from '../api/request';
import { appConfig } from '../platform/appConfig';
import { ExactValue } from './ExactValue';
import { FeedbackHost } from './FeedbackHost';
import { setRouter } from '../platform/navigation';
import { NotFound } from './NotFound';
import { PreviewMarker } from './PreviewMarker';
import { ScreenPage } from './ScreenPage';
import { setKnownRoutes } from '../platform/routes';
import { screenRoutes } from './screenModules';
import { useManifest } from '../platform/configuration';

function Layout() {
  return (
    <div className="app">
      <PreviewMarker />
      <Outlet />
      <FeedbackHost />
      <ExactValue />
    </div>
  );
}

export function buildRoutes(routes: readonly string[] = screenRoutes(), home: string = appConfig.home): RouteObject[] {
  return [{
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <ScreenPage route={home} /> },
      ...routes.map((route) => ({ path: route, element: <ScreenPage route={route} /> })),
      { path: '*', element: <NotFound /> },
    ],
  }];
}

const swrOptions = { fetcher: swrFetcher } as const;

/** Lets code outside React (the redirects after 999 and 998, actions) navigate through the router. */
function NavigationBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    setRouter({
      navigate: (to, opts) => (typeof to === 'number' ? navigate(to) : navigate(to, opts)),
      state: { location },
    });
    return () => setRouter(null);
  }, [navigate, location]);
  return null;
}

function Routes({ routes }: { routes?: readonly string[] }) {
  const manifest = useManifest();
  // Rebuilt only when a screen file is added or removed, not when one changes.
  const served = Object.keys(manifest.screens).join('\n');
  const table = useMemo(() => {
    const list = routes ?? (served ? served.split('\n') : []);
    setKnownRoutes(list);
    return buildRoutes(list);
  }, [routes, served]);
  return useRoutes(table);
}

/**
 * The plain HashRouter (not the data router): the app loads data through SWR, not route loaders. React
 * Router 6, not 7: 7 ships its framework mode in the same module and costs 6 KB gzip more on every page for
 * what this app uses; the two v7 behaviours 6 offers as flags are on, so moving up later changes nothing.
 */
export const ROUTER_FUTURE = { v7_startTransition: true, v7_relativeSplatPath: true } as const;

export function App({ routes }: { routes?: readonly string[] }) {
  return (
    <SWRConfig value={swrOptions}>
      <HashRouter basename="/" future={ROUTER_FUTURE}>
        <NavigationBridge />
        <Routes routes={routes} />
      </HashRouter>
    </SWRConfig>
  );
}

export default App;
