/** The assets tab: totals in the chosen fiat, accounts, filters and hidden amounts kept on the device. */
import { fireEvent, screen, within } from '@testing-library/react';
import { api } from './fakeApi';
import { renderScreen } from './helpers';
import { visibleBalances } from '../../../src/client/widgets/components/AssetsOverview';
import { appState } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);

const bal = (id: number, name: string, available: string, usdt: string) => ({ currency_id: id, currency_name: name, available, frozen: '0', locked: '0', usdt_value: usdt });
const OVERVIEW = {
  total_usdt: '43614.33',
  accounts: [
    { account: 'legal', type: 1, total_usdt: '0', balances: [bal(100, 'USDT', '0', '0')] },
    { account: 'change', type: 2, total_usdt: '43614.33', balances: [bal(100, 'USDT', '10000', '10000'), bal(1, 'BTC', '0.5', '33614.33'), bal(2, 'ETH', '0.0001', '0.34'), bal(3, 'BNB', '0', '0')] },
    { account: 'lever', type: 3, total_usdt: '0', balances: [bal(100, 'USDT', '0', '0')] },
  ],
};

beforeEach(() => {
  api.reset();
  localStorage.clear();
  appState.reset();
  api.on('POST /wallet/list', () => OVERVIEW);
});

test('visibleBalances: zero and small (under 1 USDT) balances can be left out', () => {
  const rows = OVERVIEW.accounts[1].balances;
  expect(visibleBalances(rows, { hideSmall: false, hideZero: false }).map((b) => b.currency_name)).toEqual(['USDT', 'BTC', 'ETH', 'BNB']);
  expect(visibleBalances(rows, { hideSmall: false, hideZero: true }).map((b) => b.currency_name)).toEqual(['USDT', 'BTC', 'ETH']);
  expect(visibleBalances(rows, { hideSmall: true, hideZero: false }).map((b) => b.currency_name)).toEqual(['USDT', 'BTC']);
});

test('the total and each account in the chosen fiat; the spot account first', async () => {
  renderScreen([{ type: 'component', name: 'assetsOverview' }]);
  expect(await screen.findByTestId('assets-total')).toHaveTextContent('$43,614.33');
  expect(screen.getByRole('tab', { name: /Spot/ })).toHaveAttribute('aria-selected', 'true');
  const coins = () => within(screen.getByRole('tabpanel')).queryAllByRole('listitem').map((li) => li.querySelector('bdi')!.textContent);
  expect(coins()).toEqual(['USDT', 'BTC', 'ETH']);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide small balances' }));
  expect(coins()).toEqual(['USDT', 'BTC']);
  fireEvent.click(screen.getByRole('tab', { name: /Contract/ }));
  expect(screen.getByText('No balances to show')).toBeInTheDocument();
});

test('hiding amounts masks every figure and is remembered', async () => {
  const first = renderScreen([{ type: 'component', name: 'assetsOverview' }]);
  fireEvent.click(await screen.findByRole('button', { name: 'Hide amounts' }));
  expect(screen.getByTestId('assets-total')).toHaveTextContent('****');
  expect(screen.queryByText('10000')).not.toBeInTheDocument();
  first.unmount();
  renderScreen([{ type: 'component', name: 'assetsOverview' }]);
  expect(await screen.findByRole('button', { name: 'Show amounts' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByTestId('assets-total')).toHaveTextContent('****');
});

test('the action tiles from the screen file sit under the total; a currency row opens its records', async () => {
  const actions = [{ icon: 'deposit', label: 'assets.action.deposit', to: '/pages/fund/select?type=receive' }];
  renderScreen([{ type: 'component', name: 'assetsOverview', props: { actions } }]);
  expect(await screen.findByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '#/pages/fund/select?type=receive');
  expect(screen.getByRole('link', { name: /BTC/ })).toHaveAttribute('href', '#/pages/fund/assets_record?currency=1&type=change');
});
