import { renderWithIntl } from '../../support/renderWithIntl';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScreenDefinition } from '../../../src/client/runtime/types';
import { App } from '../../../src/client/shell/App';
import { loadRuntime, loadScreen } from '../../../src/client/shell/screenModules';
import { appState } from '../../../src/client/state/store';

jest.mock('../../../src/client/shell/screenModules', () => {
  const mocked = { loadScreen: jest.fn(), loadRuntime: jest.fn() };
  const { ensureFullMessages } = jest.requireActual('../../../src/client/i18n/I18nProvider');
  const { appState: state } = jest.requireActual('../../../src/client/state/store');
  return {
    ...mocked,
    screenRoutes: () => ['/pages/index/index', '/pages/common/faq', '/pages/nft/components/artist'],
    // As the module composes it, from the two mocked loads.
    loadScreenPage: (route: string) => Promise.all([mocked.loadScreen(route, { withData: true }), mocked.loadRuntime(),
      route === '/pages/index/index' ? null : ensureFullMessages(state.get().lang)]),
  };
});

const loadScreenMock = loadScreen as jest.MockedFunction<typeof loadScreen>;
const loadRuntimeMock = loadRuntime as jest.MockedFunction<typeof loadRuntime>;
const ROUTES = ['/pages/index/index', '/pages/common/faq', '/pages/nft/components/artist'];

beforeEach(() => {
  localStorage.clear();
  appState.reset();
  loadScreenMock.mockImplementation(async (route: string) => ({
    schemaVersion: 3, route, title: 'shell.not_found_title', tab: route === '/pages/index/index' ? 'home' : undefined, sections: [],
  } as ScreenDefinition));
  loadRuntimeMock.mockResolvedValue(({ definition }: { definition: ScreenDefinition }) => <p>runtime {definition.route}</p>);
});

async function openAt(hash: string) {
  window.location.hash = hash;
  const view = renderWithIntl(<App routes={ROUTES} />);
  await act(async () => {});
  return view;
}

test('/ shows the home screen with the tab bar', async () => {
  await openAt('#/');
  expect(await screen.findByText('runtime /pages/index/index')).toBeInTheDocument();
  expect(loadScreenMock).toHaveBeenCalledWith('/pages/index/index', { withData: true });
  expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});

test('a nested screen route loads its definition', async () => {
  await openAt('#/pages/nft/components/artist');
  expect(await screen.findByText('runtime /pages/nft/components/artist')).toBeInTheDocument();
});

test('navigating between routes through the hash', async () => {
  await openAt('#/pages/index/index');
  await screen.findByText('runtime /pages/index/index');
  await act(async () => { window.location.hash = '#/pages/common/faq'; });
  expect(await screen.findByText('runtime /pages/common/faq')).toBeInTheDocument();
});

test('an unknown route shows not found with a home button', async () => {
  const user = userEvent.setup();
  await openAt('#/pages/nope/nope');
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Back to home' }));
  expect(await screen.findByText('runtime /pages/index/index')).toBeInTheDocument();
  expect(window.location.hash).toBe('#/pages/index/index');
});

test('a screen file that fails to load shows the error state with retry', async () => {
  const user = userEvent.setup();
  loadScreenMock.mockRejectedValueOnce(Object.assign(new Error('gone'), { type: 'missing' }));
  await openAt('#/pages/common/faq');
  expect(await screen.findByRole('alert')).toHaveAttribute('data-error-type', 'missing');
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('runtime /pages/common/faq')).toBeInTheDocument();
});
