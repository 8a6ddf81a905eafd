/**
 * The assets tab of screens/fund/assets.json: a headline total in the chosen fiat with an eye hiding every
 * figure (`layout: "total"`, `mask`, `maskToggle`), data-fed tabs (one per account, `source` + `tab`), rows
 * from the selected tab's data (`rows`), row filters kept on the device (`toggles`) and field rows.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { api } from './fakeApi';
import { renderScreen, screenFile } from './helpers';
import { appState } from '../../../src/client/state/store';
import { test as condition } from '../../../src/shared/screens/expression';

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
const assets = screenFile('fund/assets.json');

beforeEach(() => {
  api.reset();
  localStorage.clear();
  appState.reset();
  api.on('POST /wallet/list', () => OVERVIEW);
});

const coins = () => within(screen.getByRole('tabpanel')).queryAllByRole('listitem').map((li) => li.querySelector('.w-row-title')!.textContent);

test('the row filters of the screen leave out zero and small (under 1 USDT) balances', () => {
  const list = (assets.sections[2] as { sections: Array<{ toggles: Array<{ hides: string }> }> }).sections[0];
  const [small, zero] = list.toggles.map((x) => x.hides);
  const kept = (hides: string) => OVERVIEW.accounts[1].balances.filter((item) => !condition(hides, { item })).map((b) => b.currency_name);
  expect(kept(zero)).toEqual(['USDT', 'BTC', 'ETH']);
  expect(kept(small)).toEqual(['USDT', 'BTC']);
  expect(condition(zero, { item: { available: '0', frozen: '0.5', locked: '0' } })).toBe(false);
});

test('the total and each account in the chosen fiat; the spot account first; filters kept on the device', async () => {
  appState.set({ fiat: { currency_code: 'EUR', rate: '0.5' } });
  const { unmount } = renderScreen(assets);
  expect(await screen.findByText('Total assets (EUR)')).toBeInTheDocument();
  expect(screen.getAllByText('€21,807.17')).toHaveLength(2); // the total and the spot account's tab
  expect(screen.getByRole('tablist', { name: 'Accounts' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: /Spot/ })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: /Spot/ })).toHaveTextContent('Spot€21,807.17');
  await screen.findByText('BTC');
  expect(coins()).toEqual(['USDT', 'BTC', 'ETH']);
  expect(screen.getByRole('checkbox', { name: 'Hide zero balances' })).toBeChecked();
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide small balances' }));
  expect(coins()).toEqual(['USDT', 'BTC']);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide zero balances' }));
  expect(coins()).toEqual(['USDT', 'BTC']);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide small balances' }));
  expect(coins()).toEqual(['USDT', 'BTC', 'ETH', 'BNB']);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide small balances' }));
  expect(JSON.parse(localStorage.getItem('assetPrefs')!)).toEqual({ hideSmall: true, hideZero: false });
  fireEvent.click(screen.getByRole('tab', { name: /Contract/ }));
  expect(screen.getByText('No balances to show')).toBeInTheDocument();
  unmount();
  renderScreen(assets);
  await screen.findByText('Total assets (EUR)');
  expect(screen.getByRole('checkbox', { name: 'Hide small balances' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Hide zero balances' })).not.toBeChecked();
});

test('hiding amounts masks every figure and is remembered', async () => {
  const first = renderScreen(assets);
  await screen.findByText('BTC');
  fireEvent.click(screen.getByRole('button', { name: 'Hide amounts' }));
  const total = screen.getByText('Total assets (USD)').closest('div')!;
  expect(total).toHaveTextContent('****');
  expect(screen.queryByText('$43,614.33')).not.toBeInTheDocument();
  expect(screen.queryByText('10000')).not.toBeInTheDocument();
  expect(screen.getByRole('tab', { name: /Spot/ })).toHaveTextContent('Spot****');
  expect(screen.getByText('BTC').closest('li')).toHaveTextContent('BTC≈ ****Available****Frozen****Locked****');
  expect(JSON.parse(localStorage.getItem('assetPrefs')!)).toEqual({ hideAmounts: true });
  first.unmount();
  renderScreen(assets);
  expect(await screen.findByRole('button', { name: 'Show amounts' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('Total assets (USD)').closest('div')).toHaveTextContent('****');
  act(() => { fireEvent.click(screen.getByRole('button', { name: 'Show amounts' })); });
  expect(screen.getByText('BTC').closest('li')).toHaveTextContent('BTC≈ $33,614.33Available0.5Frozen0Locked0');
});

test('the action tiles sit under the total; a currency row opens its records in the selected account', async () => {
  renderScreen(assets);
  expect(await screen.findByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '#/pages/fund/select?type=receive');
  expect(screen.getByRole('link', { name: /BTC/ })).toHaveAttribute('href', '#/pages/fund/assets_record?currency=1&type=change');
  fireEvent.click(screen.getByRole('tab', { name: /Funding/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide zero balances' }));
  expect(screen.getByRole('link', { name: /USDT/ })).toHaveAttribute('href', '#/pages/fund/assets_record?currency=100&type=legal');
  expect(api.module.request).toHaveBeenCalledTimes(1); // the total and the tabs share one request
});

test('data-fed tabs can take their elements from data in scope, and arrow keys move between them', async () => {
  renderScreen([{
    type: 'tabs', source: { endpoint: 'POST /wallet/list', select: 'accounts' }, tab: { label: '{{item.account | t:\'assets.account\'}}', key: '{{item.account}}' },
    initial: 'change',
    sections: [{
      type: 'tabs', items: '{{data.balances}}', tab: { label: '{{item.currency_name}}' },
      sections: [{ type: 'summary', fields: [{ label: 'assets.available', value: '{{data.available | amount}}' }] }],
    }],
  }]);
  const spot = await screen.findByRole('tab', { name: 'Spot' });
  expect(screen.getAllByRole('tablist')).toHaveLength(2);
  const inner = screen.getByRole('tab', { name: 'BTC' });
  expect(screen.getByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('10000')).toBeInTheDocument();
  fireEvent.click(inner);
  expect(screen.getByText('0.5')).toBeInTheDocument();
  fireEvent.keyDown(inner, { key: 'ArrowRight' });
  expect(screen.getByRole('tab', { name: 'ETH' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('0.0001')).toBeInTheDocument();
  fireEvent.keyDown(spot, { key: 'ArrowLeft' });
  expect(screen.getByRole('tab', { name: 'Funding' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('0')).toBeInTheDocument();
});

test('data-fed tabs without elements say there is no data', () => {
  renderScreen([{ type: 'tabs', items: '{{query.none}}', tab: { label: '{{item.name}}' }, sections: [] }]);
  expect(screen.getByText('No data')).toBeInTheDocument();
});
