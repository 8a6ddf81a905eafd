/**
 * The `header` section (widgets/Header.tsx) as the home screen configures it (screens/index/index.json): the
 * site's logo and name, the search field that opens the pair search, the notifications bell leading to the
 * announcements for a visitor and to their messages, with the unread count, for a user; "Log in" for a visitor
 * and the avatar for a logged-in user; links to screens that do not exist yet are hidden.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { api } from './fakeApi';
import { renderScreen, sectionOf } from './helpers';
import { appState, setSiteConfig, setUser } from '../../../src/client/state/store';
import { setKnownRoutes } from '../../../src/client/platform/routes';
import type { Section } from '../../../src/client/runtime/types';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);

const header = sectionOf('index/index.json', 'header');
const USER = { id: 7, account_number: 'ann@example.com', nickname: 'Ann', head_portrait: '' } as NonNullable<Parameters<typeof setUser>[0]>;

beforeEach(() => {
  api.reset();
  appState.reset();
  setKnownRoutes(null);
  window.location.hash = '';
  setSiteConfig({ site_name: 'Harbor Exchange', site_logo: '/uploads/logo.svg' } as Parameters<typeof setSiteConfig>[0]);
});

test('a visitor sees the logo and name, the search field, the bell and Log in', () => {
  renderScreen([header]);
  const bar = screen.getByRole('banner');
  expect(screen.getByRole('img', { name: 'Harbor Exchange' })).toHaveAttribute('src', '/uploads/logo.svg');
  expect(bar).not.toHaveTextContent('Harbor Exchange'); // the logo says it; the search field keeps the room
  expect(screen.getByRole('link', { name: 'Search pairs' })).toHaveAttribute('href', '#/pages/market/search');
  expect(screen.getByRole('link', { name: 'Announcements' })).toHaveAttribute('href', '#/pages/mailMessage/ggList');
  const login = screen.getByRole('link', { name: 'Log in' });
  expect(login).toHaveAttribute('href', '#/pages/common/login');
  expect(screen.queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('link', { name: 'Search pairs' }));
  expect(window.location.hash).toBe('#/pages/market/search');
});

test('a logged-in user sees their avatar (a person icon without one) instead of Log in', () => {
  setUser(USER);
  const { unmount } = renderScreen([header]);
  const account = screen.getByRole('link', { name: 'My account' });
  expect(account).toHaveAttribute('href', '#/pages/my/index');
  expect(account.querySelector('img')).toBeNull();
  expect(account.querySelector('svg')).not.toBeNull();
  expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  unmount();
  setUser({ ...USER, head_portrait: '/uploads/ann.png' });
  renderScreen([header]);
  expect(screen.getByRole('link', { name: 'My account' }).querySelector('img')).toHaveAttribute('src', '/uploads/ann.png');
});

test('a logged-in user\'s bell leads to their messages, with the unread count while there is one', async () => {
  api.on('GET /mailMessage/unread', () => ({ count: 3 }));
  setUser(USER);
  const { unmount } = renderScreen([header]);
  // The count is in the bell's accessible name as it is on screen.
  const bell = await screen.findByRole('link', { name: 'Messages 3' });
  expect(bell).toHaveAttribute('href', '#/pages/mailMessage/mailMessageList');
  expect(within(bell).getByText('3').closest('.w-header__badge')).not.toBeNull();
  expect(screen.queryByRole('link', { name: 'Announcements' })).not.toBeInTheDocument();
  unmount();
  api.on('GET /mailMessage/unread', () => ({ count: 0 }));
  renderScreen([header]);
  await screen.findByRole('link', { name: 'Messages' });
  expect(document.querySelector('.w-header__badge')).toBeNull();
});

test('a button to a screen that does not exist yet is hidden; every part is optional', () => {
  setKnownRoutes(['/pages/market/search', '/pages/common/login', '/pages/my/index']);
  renderScreen([header]);
  expect(screen.queryByRole('link', { name: 'Announcements' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Search pairs' })).toBeInTheDocument();
});

test('without a logo the site name is written out', () => {
  setSiteConfig({ site_name: 'Harbor Exchange', site_logo: '' } as Parameters<typeof setSiteConfig>[0]);
  renderScreen([header]);
  expect(screen.getByRole('banner')).toHaveTextContent('Harbor Exchange');
  expect(screen.queryByRole('img')).not.toBeInTheDocument();
});

test('a header with only a search field draws only that', () => {
  renderScreen([{ type: 'header', search: { label: 'home.header.search', to: '/pages/market/search' } } as Section]);
  expect(screen.getByRole('banner').querySelectorAll('a, button, img')).toHaveLength(1);
});
