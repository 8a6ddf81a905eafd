/**
 * The earn products' form files as the app runs them: the lock-mining order picks the plan of `?id=` (a
 * query's text typed as the schema's integer), shows the term's yield range from the live answer, checks
 * the plan's minimum and the balance before sending, and sends the payment password with the order; the
 * dual-investment purchase shows both outcomes for the typed shares and refuses a share count the balance
 * does not cover; the IEO application sends, as the platform's app does, the total it agreed to pay as `price`.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api, feedback, navigation } from '../widgets/fakeApi';
import { renderScreen, whole } from '../widgets/helpers';
import { serveForms } from '../../support/forms';
import { typedInitial } from '../../../src/client/forms/SchemaForm';
import { appState, setUser } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);

const calls = (endpoint: string) => api.module.request.mock.calls.filter((c) => c[0] === endpoint);
const plan = (id: number, days: number, min: string) => ({
  id, currency_id: 3, currency_name: 'USDT', save_min: min, save_max: '100000', day: days, interest_rate: '0.3', interest_rate_max: '0.4',
  intro: `Lock ${min} USDT or more for ${days} days`, dividend_time: '00:00', early_percent: '0.4',
});
const PLANS = [plan(1, 5, '100'), plan(2, 15, '500')];

beforeEach(() => {
  serveForms(['mining-order', 'dual-order', 'ieo-order']);
  api.reset();
  appState.reset();
  feedback.toast.mockClear();
  navigation.navigateTo.mockClear();
  setUser({ id: 1, email: 'a@example.com', has_pay_password: true } as never);
  api.on('GET /lh/deposit/config', () => PLANS);
  api.on('POST /lh/deposit/info', (p) => {
    const chosen = PLANS.find((x) => x.id === Number(p.config_id))!;
    const typed = p.amount ? Number(p.amount) : 0;
    const ok = typed >= Number(chosen.save_min);
    return {
      plan: chosen, available: '2000', has_pay_password: true, value_at: '2026-11-26T00:00:00.000Z', end_at: '2026-12-01T00:00:00.000Z',
      earn_min: ok ? String(typed * 0.003 * chosen.day) : null, earn_max: ok ? String(typed * 0.004 * chosen.day) : null,
    };
  });
});

test('a query\'s text is typed as the schema says', () => {
  const schema = { properties: { id: { type: 'integer' }, rate: { type: 'number' }, on: { type: 'boolean' }, name: { type: 'string' } } };
  expect(typedInitial(schema, { id: '2', rate: '0.5', on: 'true', name: '12', other: 'x' })).toEqual({ id: 2, rate: 0.5, on: true, name: '12', other: 'x' });
  expect(typedInitial(schema, { id: 'abc' })).toEqual({ id: 'abc' });
  expect(typedInitial(schema, { name: '', other: 'x' })).toEqual({ other: 'x' }); // an empty text is no value
});

test('lock mining: the plan of ?id=, its yield range for the typed amount, the minimum and the balance checked, then sent with the payment password', async () => {
  api.on('POST /lh/deposit', () => ({ id: 9 }));
  renderScreen([{ type: 'form', form: 'mining-order', initial: { config_id: '{{query.id}}' } }] as never, { id: '2' });
  expect(await screen.findByRole('radio', { name: /USDT · 15 days/ })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('radio', { name: /USDT · 15 days/ })).toBeChecked());
  await waitFor(() => expect(calls('POST /lh/deposit/info').at(-1)?.[1]).toMatchObject({ config_id: 2 }));

  fireEvent.change(screen.getByLabelText(/^Amount to lock/), { target: { value: '300' } });
  fireEvent.change(screen.getByLabelText(/^Payment password/), { target: { value: 'Pay-secret-7' } });
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Lock' })); });
  expect(await screen.findByText('The minimum single amount is 500 USDT')).toBeInTheDocument();

  fireEvent.change(screen.getByLabelText(/^Amount to lock/), { target: { value: '3000' } });
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Lock' })); });
  expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
  expect(calls('POST /lh/deposit')).toHaveLength(0);

  fireEvent.change(screen.getByLabelText(/^Amount to lock/), { target: { value: '1000' } });
  expect(await screen.findByText(whole('45 – 60 USDT'))).toBeInTheDocument();
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Lock' })); });
  await waitFor(() => expect(calls('POST /lh/deposit')).toHaveLength(1));
  expect(calls('POST /lh/deposit')[0][1]).toEqual({ config_id: 2, amount: '1000', pay_password: 'Pay-secret-7' });
  expect(feedback.toast).toHaveBeenCalledWith('Locked. Your first yield is paid at the next payout time.');
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/lockming/order');
});

test('lock mining opened without ?id= picks the first plan and then shows its figures; nothing is asked before a plan is chosen', async () => {
  renderScreen([{ type: 'form', form: 'mining-order', initial: { config_id: '{{query.id}}' } }] as never, {});
  await waitFor(() => expect(screen.getByRole('radio', { name: /USDT · 5 days/ })).toBeChecked());
  expect(await screen.findByText('0.3% – 0.4%')).toBeInTheDocument();
  expect(screen.queryByText('Loading failed')).not.toBeInTheDocument();
  expect(calls('POST /lh/deposit/info').map(([, p]) => p)).toEqual([{ config_id: 1 }]);
});

test('dual investment: both outcomes for the typed shares before buying; whole shares within the balance', async () => {
  const product = {
    id: 3, name: 'BTC/USDT', currency_id: 1, currency_name: 'BTC', quote_id: 3, quote_name: 'USDT', type: 'put', invest_currency_id: 3,
    invest_currency_name: 'USDT', unit_price: '100', rate: '42', exercise_price: '64000', days: 1,
    start_time: '2026-11-26T08:00:00.000Z', end_time: '2026-11-27T08:00:00.000Z', total_number: 10000, purchased_number: 1000, remaining_number: 9000, status: 1,
    on_sale: true, settle_price: null, price: '65000', available: '450', max_num: 4, has_pay_password: true,
  };
  api.on('GET /dual/detail', (p) => ({
    ...product, amount: p.num ? String(100 * Number(p.num)) : null,
    payout_base: p.num ? '0.00781699' : null, payout_quote: p.num ? '300.34520547' : null,
  }));
  api.on('POST /dual/buyDual', () => ({ id: 1 }));
  renderScreen([{ type: 'form', form: 'dual-order' }] as never, { id: '3' });
  expect(await screen.findByText('BTC/USDT · Buy low')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^Shares/), { target: { value: '3' } });
  expect(await screen.findByText(whole('0.00781699 BTC'))).toBeInTheDocument();
  expect(screen.getByText(whole('300.34520547 USDT'))).toBeInTheDocument();
  expect(screen.getByText('Settled at or below 64,000')).toBeInTheDocument();
  expect(screen.getByText('Settled above 64,000')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^Payment password/), { target: { value: 'Pay-secret-7' } });

  fireEvent.change(screen.getByLabelText(/^Shares/), { target: { value: '5' } });
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Buy' })); });
  expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
  expect(calls('POST /dual/buyDual')).toHaveLength(0);

  fireEvent.change(screen.getByLabelText(/^Shares/), { target: { value: '3' } });
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Buy' })); });
  await waitFor(() => expect(calls('POST /dual/buyDual')).toHaveLength(1));
  expect(calls('POST /dual/buyDual')[0][1]).toEqual({ id: '3', num: 3, pay_password: 'Pay-secret-7' });
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/invest/mine');
});

test('IEO: the cost of the typed quantity is shown, and sent as the total the user agreed to pay', async () => {
  const project = {
    id: 7, title: 'Toncoin community round', logo: '/uploads/ieo-ton.svg', currency_id: 26, currency_name: 'TON', pay_currency_id: 3, pay_currency_name: 'USDT',
    price: '5.2', amount: '200000', total_sell: '126480', remaining: '73520', percentage: '63.24', min_amount: '10', max_amount: '20000', day: 30,
    start_at: '2026-11-20T10:00:00.000Z', end_at: '2026-11-27T10:00:00.000Z', listing_at: '2026-11-30T10:00:00.000Z', time_status: 1, seconds_left: 3600,
    available: '1000', applied_by_me: '0', max_more: '20000', has_pay_password: true,
  };
  api.on('POST /project/info', (p) => ({ ...project, cost: p.amount ? (Number(p.amount) * 5.2).toFixed(1) : null }));
  api.on('POST /project/order', () => ({ id: 1 }));
  renderScreen([{ type: 'form', form: 'ieo-order' }] as never, { id: '7' });
  expect(await screen.findByText('63.24%')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '100' } });
  expect(await screen.findByText(whole('520 USDT'))).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText(/^Payment password/), { target: { value: 'Pay-secret-7' } });
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Subscribe' })); });
  await waitFor(() => expect(calls('POST /project/order')).toHaveLength(1));
  expect(calls('POST /project/order')[0][1]).toEqual({ project_id: '7', pay_currency: 3, price: '520.0', amount: '100', pay_password: 'Pay-secret-7' });
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/ieo/order');
});
