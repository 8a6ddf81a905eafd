import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import appJson from '../../../screens/app.json';
import { TabBar } from '../../../src/client/shell/TabBar';
import { setRouter } from '../../../src/client/platform/navigation';
import { setKnownRoutes } from '../../../src/client/platform/routes';
import { renderWithIntl } from '../../support/renderWithIntl';

const navigate = jest.fn();
beforeEach(() => {
  navigate.mockReset();
  setRouter({ navigate, state: { location: { key: 'abc' } } });
});
afterEach(() => setRouter(null));

test('five tabs from screens/app.json with the SPEC routes', () => {
  expect(appJson.tabBar.tabs.map((t) => [t.key, t.route])).toEqual([
    ['home', '/pages/index/index'], ['market', '/pages/market/market'], ['trade', '/pages/transaction/index'],
    ['assets', '/pages/fund/assets'], ['mine', '/pages/my/index'],
  ]);
  renderWithIntl(<TabBar active="home" />);
  const nav = screen.getByRole('navigation', { name: 'Main sections' });
  const links = within(nav).getAllByRole('link');
  expect(links.map((l) => l.textContent)).toEqual(['Home', 'Market', 'Trade', 'Assets', 'Mine']);
  expect(links.map((l) => l.getAttribute('href'))).toEqual(appJson.tabBar.tabs.map((t) => `#${t.route}`));
  expect(nav.querySelectorAll('svg')).toHaveLength(5);
});

test('a tab whose screen does not exist yet is left out', () => {
  setKnownRoutes(['/pages/index/index', '/pages/my/index']);
  try {
    renderWithIntl(<TabBar active="home" />);
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['Home', 'Mine']);
  } finally {
    setKnownRoutes(null);
  }
});

test('the active tab is marked (aria-current) and shakes; the others are not', () => {
  renderWithIntl(<TabBar active="assets" />);
  const active = screen.getByRole('link', { name: 'Assets' });
  expect(active).toHaveAttribute('aria-current', 'page');
  expect(active).toHaveClass('is-active');
  expect(active.querySelector('.shake')).not.toBeNull();
  const other = screen.getByRole('link', { name: 'Market' });
  expect(other).not.toHaveAttribute('aria-current');
  expect(other.querySelector('.shake')).toBeNull();
});

test('choosing a tab replaces the current route; the active tab does nothing', async () => {
  const user = userEvent.setup();
  renderWithIntl(<TabBar active="home" />);
  await user.click(screen.getByRole('link', { name: 'Trade' }));
  expect(navigate).toHaveBeenCalledWith('/pages/transaction/index', { replace: true });
  navigate.mockClear();
  await user.click(screen.getByRole('link', { name: 'Home' }));
  expect(navigate).not.toHaveBeenCalled();
});
