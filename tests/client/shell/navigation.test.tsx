import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavBar } from '../../../src/client/shell/NavBar';
import { goBack, navigateTo, redirectTo, setRouter } from '../../../src/client/platform/navigation';
import { renderWithIntl } from '../../support/renderWithIntl';

afterEach(() => setRouter(null));

test('without a router, navigateTo sets the hash', () => {
  navigateTo('/pages/common/login?x=1');
  expect(window.location.hash).toBe('#/pages/common/login?x=1');
});

test('with a router: navigate, replace, back, and home when there is no history', () => {
  const navigate = jest.fn();
  const state = { location: { key: 'k1' } };
  setRouter({ navigate, state });
  navigateTo('/pages/a/b');
  expect(navigate).toHaveBeenLastCalledWith('/pages/a/b', { replace: false });
  redirectTo('/pages/c/d');
  expect(navigate).toHaveBeenLastCalledWith('/pages/c/d', { replace: true });
  goBack();
  expect(navigate).toHaveBeenLastCalledWith(-1);
  state.location.key = 'default';
  goBack();
  expect(navigate).toHaveBeenLastCalledWith('/pages/index/index', { replace: true });
});

test('NavBar: back arrow with an accessible name, title from its key, right actions', async () => {
  const user = userEvent.setup();
  const onBack = jest.fn();
  renderWithIntl(<NavBar title="shell.not_found_title" onBack={onBack} right={<button type="button">Share</button>} />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
  expect(document.title).toBe('Page not found');
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(onBack).toHaveBeenCalled();
  expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
});

test('NavBar: no back arrow when back is false; a binding title is left to the runtime', () => {
  renderWithIntl(<NavBar title="{{data.title}}" back={false} />);
  expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('');
});
