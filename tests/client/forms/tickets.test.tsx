/**
 * The trading tickets' runtime: a scope section finding the pair of `?symbol=`, segmented toggles, a field
 * shown only for limit orders and a local field never sent, chips fed by the live answer, and list rows with
 * buttons and a live countdown.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api, feedback, navigation } from '../widgets/fakeApi';
import { renderScreen, sectionOf } from '../widgets/helpers';
import { serveForms } from '../../support/forms';
import { appState, setUser } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);

const calls = (endpoint: string) => api.module.request.mock.calls.filter((c) => c[0] === endpoint);
const PAIRS = [{ symbol: 'ETH/USDT', currency_id: 2, legal_id: 3, category: 'crypto', fee_rate: '0.001', min_amount: '0.001' },
  { symbol: 'BTC/USDT', currency_id: 1, legal_id: 3, category: 'crypto', fee_rate: '0.001', min_amount: '0.0001' }];
const COIN_INFO = {
  symbol: 'BTC/USDT', currency_id: 1, legal_id: 3, base: 'BTC', quote: 'USDT', category: 'crypto', account: 'change', price: '60000',
  price_decimals: 2, qty_decimals: 4, base_decimals: 8, quote_decimals: 2, fee_rate: '0.001', fee_percent: '0.1', min_amount: '0.0001',
  enabled: true, available_base: '0.5', available_quote: '1000', max_amount: '0.0166', total: null, fee: null, receive: null, fee_currency: 'BTC',
};
const pairScope = (sections: unknown[]) => [{ type: 'scope', source: { endpoint: 'GET /coin/pairs' }, find: 'item.symbol == query.symbol', empty: 'trade.unknown_pair', sections }] as never;

beforeEach(() => {
  serveForms(['spot-order', 'contract-order']);
  api.reset();
  appState.reset();
  feedback.toast.mockClear();
  navigation.navigateTo.mockClear();
  setUser({ id: 1, email: 'a@example.com', has_pay_password: true } as never);
  api.on('GET /coin/pairs', () => PAIRS);
});

test('spot: the pair of the query, the side as its code; market orders send no price and no order type', async () => {
  api.on('POST /coin/info', () => COIN_INFO);
  api.on('POST /coin/trade', () => ({ id: 1 }));
  renderScreen(pairScope([{ type: 'form', form: 'spot-order', initial: { type: '{{query.type}}' } }]), { symbol: 'BTC/USDT', type: '2' });
  expect(await screen.findByRole('radio', { name: 'Sell' })).toBeChecked();
  await waitFor(() => expect(calls('POST /coin/info').at(-1)?.[1]).toMatchObject({ currency_id: 1, legal_id: 3, type: 2, kind: 'limit' }));
  // The available balance follows the side: the base when selling.
  expect(screen.getByTestId('spot-available')).toHaveTextContent('0.5 BTC');
  expect(screen.getByLabelText('Price')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Price'), { target: { value: '61000' } });
  fireEvent.click(screen.getByRole('radio', { name: 'Market' }));
  await waitFor(() => expect(screen.queryByLabelText('Price')).not.toBeInTheDocument());
  fireEvent.click(screen.getByRole('button', { name: '50%' }));
  expect(screen.getByRole('textbox', { name: /^Amount/ })).toHaveValue('0.0083');
  // The button says what it does, in the side's colour.
  expect(screen.getByRole('button', { name: 'Sell BTC' })).toHaveClass('f-submit--down');
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Sell BTC' })); });
  await waitFor(() => expect(calls('POST /coin/trade')).toHaveLength(1));
  expect(calls('POST /coin/trade')[0][1]).toEqual({ currency_id: 1, legal_id: 3, type: 2, amount: '0.0083' });
  expect(feedback.toast).toHaveBeenCalledWith('Order placed');
});

test('spot: an unknown pair says so', async () => {
  api.on('POST /coin/info', () => COIN_INFO);
  renderScreen(pairScope([{ type: 'form', form: 'spot-order' }]), { symbol: 'XYZ/USDT' });
  expect(await screen.findByText('This pair cannot be traded here')).toBeInTheDocument();
  expect(calls('POST /coin/info')).toHaveLength(0);
});

test('spot: without a payment password the ticket leads to set one', async () => {
  setUser({ id: 1, email: 'a@example.com', has_pay_password: false } as never);
  api.on('POST /coin/info', () => COIN_INFO);
  renderScreen(pairScope([{ type: 'form', form: 'spot-order' }]), { symbol: 'BTC/USDT' });
  expect(await screen.findByText('Please set the transaction password first')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/setting/payPassword');
});

test('contract: multiples from the live answer as chips, the first chosen; the liquidation price shown; the order sent with the platform\'s names', async () => {
  api.on('POST /lever/deal', (p) => ({
    user_lever: '500', multiple: { muit: [{ value: 5 }, { value: 10 }, { value: 20 }] }, my_transaction: [],
    rate_profits_total: { caution_money: '0', profits_total: '0', hazard_rate: '0', positions: 0 },
    symbol: 'BTC/USDT', currency_id: 1, legal_id: 3, base: 'BTC', quote: 'USDT', enabled: true, price: '60000', price_decimals: 2, lot_size: '0.01',
    max_lots: 100, fee_rate: '0.0005', fee_percent: '0.05', overnight_rate: '0.0003', overnight_percent: '0.03', maintenance_rate: '0.005',
    max_lots_affordable: 8, value: null, margin: p.share ? '60' : null, fee: null, liquidation_price: p.share ? '48300' : null,
  }));
  api.on('POST /lever/submit', () => ({ id: 9 }));
  renderScreen(pairScope([{ type: 'form', form: 'contract-order' }]), { symbol: 'BTC/USDT' });
  expect(await screen.findByRole('radio', { name: '5×' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('radio', { name: '5×' })).toBeChecked());
  fireEvent.click(screen.getByRole('radio', { name: '10×' }));
  fireEvent.change(screen.getByRole('textbox', { name: /^Lots/ }), { target: { value: '2' } });
  await waitFor(() => expect(calls('POST /lever/deal').at(-1)?.[1]).toMatchObject({ multiple: 10, share: '2', type: 1, status: 1 }));
  await waitFor(() => expect(screen.getByTestId('contract-liquidation')).toHaveTextContent('48,300 USDT'));
  expect(screen.getByTestId('contract-available')).toHaveTextContent('500 USDT');
  // A limit order shows the price field; a short is type 2.
  fireEvent.click(screen.getByRole('radio', { name: 'Short' }));
  fireEvent.click(screen.getByRole('radio', { name: 'Limit' }));
  fireEvent.change(await screen.findByLabelText('Price'), { target: { value: '59000' } });
  expect(screen.getByRole('button', { name: 'Short BTC' })).toHaveClass('f-submit--down');
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Short BTC' })); });
  await waitFor(() => expect(calls('POST /lever/submit')).toHaveLength(1));
  expect(calls('POST /lever/submit')[0][1]).toMatchObject({ currency_id: 1, legal_id: 3, type: 2, status: 2, target_price: '59000', multiple: 10, share: '2' });
  // The contract account's balance, with the way to move money into it.
  const transfer = screen.getByRole('link', { name: 'Transfer' });
  expect(transfer).toHaveAttribute('href', '#/pages/fund/transfer?from=change&to=lever&back=1');
  fireEvent.click(transfer);
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/fund/transfer?from=change&to=lever&back=1');
});

test('rows: buttons over the row and a countdown ticking down', async () => {
  jest.useFakeTimers();
  try {
    api.on('GET /microtrade/lists', () => ({ data: [{ id: 7, status: 1, remaining: 3, symbol_name: 'BTC/USDT' }], page: 1, limit: 5, total: 1 }));
    api.on('POST /lever/close', () => ({}));
    renderScreen([{
      type: 'records', source: { endpoint: 'GET /microtrade/lists' },
      item: { title: '{{item.symbol_name}}', countdown: { seconds: '{{item.remaining}}', label: 'trade.seconds.left', done: 'trade.seconds.settling' },
        buttons: [{ label: 'trade.close', action: { type: 'call', endpoint: 'POST /lever/close', params: { id: '{{item.id}}' } } },
          { label: 'trade.cancel', visibleIf: 'item.status == 0', action: { type: 'back' } }] },
    }] as never);
    expect(await screen.findByRole('timer')).toHaveTextContent('00:00:03');
    for (let i = 0; i < 3; i++) await act(async () => { jest.advanceTimersByTime(1000); });
    expect(screen.getByRole('timer')).toHaveTextContent('Settling…');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Close' })); });
    expect(calls('POST /lever/close')[0][1]).toEqual({ id: 7 });
  } finally {
    jest.useRealTimers();
  }
});

test('contract orders offer to close positions only while there are some', async () => {
  const totals = (positions: number) => ({ user_lever: '500', my_transaction: [], rate_profits_total: { caution_money: '0', profits_total: '0', hazard_rate: '0', positions } });
  api.on('POST /lever/dealall', () => totals(0));
  const { unmount } = renderScreen([sectionOf('transaction/contract_order.json', 'actions')]);
  await waitFor(() => expect(calls('POST /lever/dealall')).toHaveLength(1));
  expect(screen.queryByRole('button', { name: 'Close all' })).not.toBeInTheDocument();
  unmount();
  api.on('POST /lever/dealall', () => totals(2));
  renderScreen([sectionOf('transaction/contract_order.json', 'actions')]);
  expect(await screen.findByRole('button', { name: 'Close all' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Close shorts' })).toBeInTheDocument();
});


test('while its live answer is on its way the ticket holds its place, hidden under "Loading…"; a gate on the user shows at once', async () => {
  let answer: (info: typeof COIN_INFO) => void = () => undefined;
  api.on('POST /coin/info', () => new Promise((resolve) => { answer = resolve; }));
  const { container, unmount } = renderScreen(pairScope([{ type: 'form', form: 'spot-order' }]), { symbol: 'BTC/USDT' });
  expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
  const body = container.querySelector('.f-form.is-loading > .f-form-body')!;
  expect(body).toHaveAttribute('aria-hidden', 'true');
  expect(body).toHaveAttribute('inert');
  expect(body.querySelector('input')).not.toBeNull(); // the fields are there, taking their place
  expect(screen.queryByRole('radio', { name: 'Buy' })).not.toBeInTheDocument(); // but not offered yet
  await act(async () => { answer(COIN_INFO); });
  expect(await screen.findByRole('radio', { name: 'Buy' })).toBeChecked();
  expect(container.querySelector('.f-form.is-loading')).toBeNull();
  unmount();

  setUser({ id: 1, email: 'a@example.com', has_pay_password: false } as never);
  api.on('POST /coin/info', () => new Promise(() => undefined)); // never answers
  renderScreen(pairScope([{ type: 'form', form: 'spot-order' }]), { symbol: 'BTC/USDT' });
  expect(await screen.findByText('Please set the transaction password first')).toBeInTheDocument();
});
