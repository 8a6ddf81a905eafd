import { renderWithIntl } from '../../support/renderWithIntl';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ROUTER_FUTURE } from '../../../src/client/shell/App';
import type { ScreenDefinition } from '../../../src/client/runtime/types';
import { FeedbackHost } from '../../../src/client/shell/FeedbackHost';
import { resetFeedback } from '../../../src/client/platform/feedback';
import { setRouter } from '../../../src/client/platform/navigation';
import { ScreenView } from '../../../src/client/shell/ScreenPage';
import { serviceUrl } from '../../../src/client/shell/ServiceButton';
import { inAppRoute } from '../../../src/client/platform/urls';
import { setKnownRoutes } from '../../../src/client/platform/routes';
import { appState, clearUser, setSiteConfig, setToken, setUser, type SiteConfig } from '../../../src/client/state/store';

jest.mock('../../../src/client/shell/screenModules', () => ({
  screenRoutes: () => [], loadScreen: jest.fn(), loadRuntime: jest.fn(),
}));

function FakeScreen({ definition, query }: { definition: ScreenDefinition; query: Record<string, string> }) {
  return <p>screen {definition.route} {JSON.stringify(query)}</p>;
}

const navigate = jest.fn();

function show(definition: Partial<ScreenDefinition>, path = definition.route ?? '/pages/x/y') {
  const def = { schemaVersion: 3, route: path, sections: [], ...definition } as ScreenDefinition;
  return renderWithIntl(
    <MemoryRouter future={ROUTER_FUTURE} initialEntries={[path]}>
      <ScreenView definition={def} Screen={FakeScreen} />
      <FeedbackHost />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  appState.reset();
  resetFeedback();
  navigate.mockReset();
  setRouter({ navigate, state: { location: { key: 'k' } } });
});
afterEach(() => {
  setRouter(null);
  jest.useRealTimers();
});

describe('auth guard', () => {
  test('auth screen without a token: toast "Please log in first", login after 1200 ms, screen not rendered', () => {
    jest.useFakeTimers();
    show({ route: '/pages/setting/setting', auth: true, title: 'shell.not_found_title' });
    expect(screen.getByRole('status')).toHaveTextContent('Please log in first');
    expect(screen.queryByText(/screen \/pages\/setting/)).toBeNull();
    act(() => { jest.advanceTimersByTime(1199); });
    expect(navigate).not.toHaveBeenCalled();
    act(() => { jest.advanceTimersByTime(1); });
    expect(navigate).toHaveBeenCalledWith('/pages/common/login', { replace: true });
  });

  test('a session ending on an auth screen goes to login without a toast over the one that said why', () => {
    jest.useFakeTimers();
    setToken('t');
    show({ route: '/pages/setting/password', auth: true });
    expect(screen.getByText(/screen \/pages\/setting\/password/)).toBeInTheDocument();
    act(() => { clearUser(); });
    expect(screen.queryByText(/screen \/pages\/setting/)).toBeNull();
    expect(screen.queryByText('Please log in first')).toBeNull();
    act(() => { jest.advanceTimersByTime(1200); });
    expect(navigate).toHaveBeenCalledWith('/pages/common/login', { replace: true });
  });

  test('auth screen with a token renders, no redirect', () => {
    jest.useFakeTimers();
    setToken('t');
    show({ route: '/pages/setting/setting', auth: true });
    expect(screen.getByText(/screen \/pages\/setting\/setting/)).toBeInTheDocument();
    act(() => { jest.advanceTimersByTime(5000); });
    expect(navigate).not.toHaveBeenCalled();
  });

  const receive = { route: '/pages/fund/receive', auth: true, redirect: { when: '!query.currency || !query.chain', to: '/pages/fund/select?type=receive' } };

  test('a screen whose redirect holds (a link missing what it needs) goes there instead and draws nothing', () => {
    setToken('t');
    show(receive, '/pages/fund/receive?currency=100');
    expect(screen.queryByText(/screen \/pages\/fund\/receive/)).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/pages/fund/select?type=receive', { replace: true });
  });

  test('while its redirect does not hold the screen draws and stays', () => {
    setToken('t');
    show(receive, '/pages/fund/receive?currency=100&chain=TRC20');
    expect(screen.getByText(/screen \/pages\/fund\/receive/)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('a visitors\' page opened by a logged-in user goes to mine', () => {
    const login = { route: '/pages/common/login', redirect: { when: 'user', to: '/pages/my/index' } };
    show(login);
    expect(screen.getByText(/screen \/pages\/common\/login/)).toBeInTheDocument();
    act(() => { setToken('t'); setUser({ id: 1, email: 'a@b.co' } as never); });
    expect(navigate).toHaveBeenCalledWith('/pages/my/index', { replace: true });
  });

  test('a public screen passes the query to the runtime', () => {
    show({ route: '/pages/common/article' }, '/pages/common/article?id=5&x=a%20b');
    expect(screen.getByText('screen /pages/common/article {"id":"5","x":"a b"}')).toBeInTheDocument();
  });
});

describe('tab bar and nav bar', () => {
  test('a tab screen shows the tab bar with its tab active and no back arrow', () => {
    show({ route: '/pages/market/market', tab: 'market', title: 'tab.market' });
    expect(screen.getByRole('navigation', { name: 'Main sections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Market' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  test('a non-tab screen has a back arrow and no tab bar', async () => {
    const user = userEvent.setup();
    show({ route: '/pages/common/faq', title: 'shell.not_found_title' });
    expect(screen.queryByRole('navigation', { name: 'Main sections' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(navigate).toHaveBeenCalledWith(-1);
  });

  test('navBar: false hides the nav bar', () => {
    show({ route: '/pages/common/login', navBar: false, title: 'shell.not_found_title' });
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});

describe('page transition', () => {
  test('the first page (no forward navigation) does not slide', async () => {
    const { container } = show({ route: '/pages/common/faq' });
    expect(container.querySelector('.page')).not.toHaveClass('page--slide');
  });

  test('PUSH navigation to a non-tab page slides in', () => {
    const def = { schemaVersion: 3, route: '/pages/common/faq', sections: [] } as ScreenDefinition;
    function Pusher() {
      const nav = useNavigate();
      return <button type="button" onClick={() => nav('/pages/common/faq')}>go</button>;
    }
    const { container } = renderWithIntl(
      <MemoryRouter future={ROUTER_FUTURE} initialEntries={['/start']}>
        <Routes>
          <Route path="/start" element={<Pusher />} />
          <Route path="/pages/common/faq" element={<ScreenView definition={def} Screen={FakeScreen} />} />
          <Route path="/pages/market/market" element={<ScreenView definition={{ ...def, tab: 'market' }} Screen={FakeScreen} />} />
        </Routes>
      </MemoryRouter>,
    );
    act(() => { screen.getByText('go').click(); });
    expect(container.querySelector('.page')).toHaveClass('page--slide');
  });
});

describe('customer-service button', () => {
  test('hidden while zxkf_url is unset', () => {
    show({ route: '/pages/index/index', tab: 'home' });
    expect(screen.queryByRole('link', { name: 'Customer service' })).toBeNull();
  });

  test('opens zxkf_url in a new tab', () => {
    setSiteConfig({ zxkf_url: 'https://chat.example.com/room' } as SiteConfig);
    show({ route: '/pages/index/index', tab: 'home' });
    const link = screen.getByRole('link', { name: 'Customer service' });
    expect(link).toHaveAttribute('href', 'https://chat.example.com/room');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  test('a page of this app opens in place, and only once that page exists', () => {
    expect(inAppRoute('/#/pages/kefu/index')).toBe('/pages/kefu/index');
    expect(inAppRoute('https://chat.example.com/#/pages/x')).toBeNull();
    setSiteConfig({ zxkf_url: '/#/pages/kefu/index' } as SiteConfig);
    setKnownRoutes(['/pages/index/index']);
    try {
      const { unmount } = show({ route: '/pages/index/index', tab: 'home' });
      expect(screen.queryByRole('link', { name: 'Customer service' })).toBeNull();
      unmount();
      setKnownRoutes(['/pages/index/index', '/pages/kefu/index']);
      show({ route: '/pages/index/index', tab: 'home' });
      const link = screen.getByRole('link', { name: 'Customer service' });
      expect(link).toHaveAttribute('href', '#/pages/kefu/index');
      expect(link).not.toHaveAttribute('target');
    } finally {
      setKnownRoutes(null);
    }
  });

  test('hidden on pages listed in app.json and for non-http URLs', () => {
    setSiteConfig({ zxkf_url: 'https://chat.example.com' } as SiteConfig);
    show({ route: '/pages/common/login' });
    expect(screen.queryByRole('link', { name: 'Customer service' })).toBeNull();
    expect(serviceUrl('javascript:alert(1)')).toBeNull();
    expect(serviceUrl('http://insecure.example.com')).toBeNull();
    expect(serviceUrl('')).toBeNull();
    expect(serviceUrl(' https://ok.example.com ')).toBe('https://ok.example.com');
  });
});

describe('dark variant', () => {
  const root = document.documentElement;
  afterEach(() => { root.removeAttribute('data-theme'); });

  test('"dark": true shows the page dark while the screen is shown, and the app theme after', () => {
    const { unmount } = show({ route: '/pages/transaction/contract', title: 'shell.not_found_title', dark: true });
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(screen.queryByRole('button', { name: 'Dark trading pages' })).toBeNull();
    unmount();
    expect(root.hasAttribute('data-theme')).toBe(false);
  });

  test('a device preference: the moon button switches it, and the choice is kept on the device', async () => {
    const { unmount } = show({ route: '/pages/transaction/currency', title: 'shell.not_found_title', dark: 'tradePrefs.dark' });
    expect(root.hasAttribute('data-theme')).toBe(false);
    const toggle = screen.getByRole('button', { name: 'Dark trading pages' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(JSON.parse(localStorage.getItem('tradePrefs')!)).toEqual({ dark: true });
    unmount();
    expect(root.hasAttribute('data-theme')).toBe(false);
    show({ route: '/pages/transaction/contract', title: 'shell.not_found_title', dark: 'tradePrefs.dark' });
    expect(root.getAttribute('data-theme')).toBe('dark');
  });
});
