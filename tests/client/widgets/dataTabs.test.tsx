/**
 * The assets tab of screens/fund/assets.json: a headline total in the chosen fiat with an eye hiding every
 * figure (`layout: "total"`, `mask`, `maskToggle`), one fixed tab per account of the platform's answer
 * (`<account>_wallet`) with its total under its name (`value`), rows from that account's balances (`rows`),
 * row filters kept on the device (`toggles`) and field rows; and data-fed tabs (`source` or `items` + `tab`).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { api } from './fakeApi';
import { renderScreen, screenFile } from './helpers';
import { appState } from '../../../src/client/state/store';
import { test as condition } from '../../../src/shared/screens/expression';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);

/** A balance line of `account` as the platform names it (`change_balance`, `lock_change_balance`). */
const bal = (account: string, id: number, name: string, available: string, usdt: string, frozen = '0') => ({
  currency: id, currency_name: name, [`${account}_balance`]: available, [`lock_${account}_balance`]: frozen, frozen, locked: '0',
  usdt_price: '1', usdt_value: usdt,
});
const OVERVIEW = {
  total_usdt: '43614.33',
  legal_wallet: { usdt_totle: '0', balance: [bal('legal', 3, 'USDT', '0', '0')] },
  change_wallet: {
    usdt_totle: '43614.33',
    balance: [bal('change', 3, 'USDT', '10000', '10000'), bal('change', 1, 'BTC', '0.5', '33614.33'), bal('change', 2, 'ETH', '0.0001', '0.34'), bal('change', 4, 'BNB', '0', '0')],
  },
  lever_wallet: { usdt_totle: '0', balance: [bal('lever', 3, 'USDT', '0', '0')] },
  micro_wallet: { usdt_totle: '0', balance: [] },
  mining_wallet: { usdt_totle: '0', balance: [] },
  stock_wallet: { usdt_totle: '0', balance: [] },
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
  type Tabs = { tabs: Array<{ key: string; sections: Array<{ toggles: Array<{ hides: string }> }> }> };
  const tabs = (assets.sections[2] as { sections: Tabs[] }).sections[0].tabs;
  expect(tabs.map((tab) => tab.key)).toEqual(['legal', 'change', 'lever', 'micro', 'mining', 'stock']);
  const [small, zero] = tabs[1].sections[0].toggles.map((x) => x.hides);
  const kept = (hides: string) => OVERVIEW.change_wallet.balance.filter((item) => !condition(hides, { item })).map((b) => b.currency_name);
  expect(kept(zero)).toEqual(['USDT', 'BTC', 'ETH']);
  expect(kept(small)).toEqual(['USDT', 'BTC']);
  expect(condition(zero, { item: bal('change', 4, 'BNB', '0', '0', '0.5') })).toBe(false);
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
  expect(screen.queryByText('10,000')).not.toBeInTheDocument();
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
  expect(screen.getByRole('link', { name: /BTC/ })).toHaveAttribute('href', '#/pages/fund/assets_record?currency=1&type=change&code=2');
  fireEvent.click(screen.getByRole('tab', { name: /Funding/ }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'Hide zero balances' }));
  expect(screen.getByRole('link', { name: /USDT/ })).toHaveAttribute('href', '#/pages/fund/assets_record?currency=3&type=legal&code=1');
  expect(api.module.request).toHaveBeenCalledTimes(1); // the total and the tabs share one request
});

test('data-fed tabs take their elements from an endpoint or from data in scope, and arrow keys move between them', async () => {
  const perCoin = (select: Record<string, unknown>) => ({
    type: 'tabs', ...select, tab: { label: '{{item.currency_name}}', key: '{{item.currency_name}}' }, initial: 'BTC',
    sections: [{ type: 'summary', fields: [{ label: 'assets.available', value: '{{data.change_balance | amount}}' }] }],
  });
  renderScreen([
    perCoin({ source: { endpoint: 'POST /wallet/list', select: 'change_wallet.balance' } }),
    { type: 'scope', source: { endpoint: 'POST /wallet/list' }, sections: [perCoin({ items: '{{data.lever_wallet.balance}}' })] },
  ] as never);
  await screen.findAllByRole('tablist');
  const [coins, lever] = screen.getAllByRole('tablist');
  expect(within(coins).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['USDT', 'BTC', 'ETH', 'BNB']);
  expect(within(lever).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['USDT']);
  const btc = within(coins).getByRole('tab', { name: 'BTC' });
  expect(btc).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('0.5')).toBeInTheDocument();
  fireEvent.keyDown(btc, { key: 'ArrowRight' });
  expect(within(coins).getByRole('tab', { name: 'ETH' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('0.0001')).toBeInTheDocument();
  fireEvent.keyDown(btc, { key: 'ArrowLeft' });
  fireEvent.keyDown(btc, { key: 'ArrowLeft' });
  expect(within(coins).getByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByText('10,000')).toBeInTheDocument();
  // The lever account's USDT, its only element, whatever `initial` names.
  expect(within(lever).getByRole('tab', { name: 'USDT' })).toHaveAttribute('aria-selected', 'true');
});

test('data-fed tabs without elements say there is no data', () => {
  renderScreen([{ type: 'tabs', items: '{{query.none}}', tab: { label: '{{item.name}}' }, sections: [] }]);
  expect(screen.getByText('No data')).toBeInTheDocument();
});
