/** The exchange ticket: a preview by the settlement formula, balance and currency checks, one idempotency key per payload. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { renderScreen } from './helpers';
import { exchangeQuote, exchangeRate } from '../../../src/shared/domain/exchange';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/shell/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/shell/navigation', () => require('./fakeApi').navigation);

const COINS = [
  { currency_id: 100, name: 'USDT', decimals: 8, available: '5000', price_usdt: '1' },
  { currency_id: 1, name: 'BTC', decimals: 8, available: '0.5', price_usdt: '67255.5' },
];

beforeEach(() => {
  api.reset();
  feedback.toast.mockClear();
  navigation.navigateTo.mockClear();
  api.on('GET /currency/user_currency_list', () => COINS);
});

const calls = (endpoint: string) => api.module.request.mock.calls.filter((c) => c[0] === endpoint);
const amountBox = () => screen.getByLabelText('Amount');
const submit = async () => { await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Exchange' })); }); };

test('USDT to BTC: the rate, fee and amount received follow the shared formula', async () => {
  renderScreen([{ type: 'component', name: 'exchangeTicket' }]);
  fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '1000' } });
  const q = exchangeQuote('1000', exchangeRate('1', '67255.5'), 8, '0.001');
  expect(screen.getByTestId('exchange-receive')).toHaveTextContent(q.receive.toFixed().slice(0, 8));
  expect(screen.getByText('Available: 5000 USDT')).toBeInTheDocument();
});

test('more than the balance, or the same currency twice, is refused before any call', async () => {
  renderScreen([{ type: 'component', name: 'exchangeTicket' }]);
  fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '5000.01' } });
  await submit();
  expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '100' } });
  fireEvent.change(amountBox(), { target: { value: '10' } });
  await submit();
  expect(await screen.findByText('Choose two different currencies')).toBeInTheDocument();
  expect(calls('POST /wallet/change')).toHaveLength(0);
});

test('a retry of the same exchange reuses its idempotency key; another amount gets a new one', async () => {
  let fail = true;
  api.on('POST /wallet/change', () => {
    if (fail) throw new Error('lost answer');
    return { receive: '0.01485379', to: 'BTC' };
  });
  renderScreen([{ type: 'component', name: 'exchangeTicket' }]);
  fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '1000' } });
  await submit();
  await submit();
  fail = false;
  fireEvent.change(amountBox(), { target: { value: '900' } });
  await submit();
  const sent = calls('POST /wallet/change');
  expect(sent.map((c) => c[1])).toEqual([
    { number: '1000', from_currency_id: '100', to_currency_id: '1' },
    { number: '1000', from_currency_id: '100', to_currency_id: '1' },
    { number: '900', from_currency_id: '100', to_currency_id: '1' },
  ]);
  expect(sent[0][2]).toEqual(sent[1][2]);
  expect(sent[2][2]).not.toEqual(sent[1][2]);
  await waitFor(() => expect(feedback.toast).toHaveBeenCalledWith('Exchanged: 0.01485379 BTC received'));
});

test('the share buttons fill the amount from the available balance', async () => {
  renderScreen([{ type: 'component', name: 'exchangeTicket' }]);
  const quarter = await screen.findByRole('button', { name: '25%' });
  await act(async () => { fireEvent.click(quarter); }); // the amount is validated as it is set
  expect(amountBox()).toHaveValue('1250');
  await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'All' })); });
  expect(amountBox()).toHaveValue('5000');
});
