/** The withdrawal ticket: what stops it (identity, payment password), the minimum, and a valid withdrawal to a saved address. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { renderScreen } from './helpers';
import { appState, setUser } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/shell/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/shell/navigation', () => require('./fakeApi').navigation);

const INFO = {
  currency_id: 100, currency_name: 'USDT', destination: 'address', chain: 'TRC20', address: '', withdraw_min: '20', withdraw_fee: '1',
  number: null, receive: null, available: '800', level: 1, limit_btc: '200', used_btc: '0', left_btc: '200', left: '13451100', max: '800',
};
const ADDRESS = { id: 7, currency_id: 100, currency_name: 'USDT', chain: 'TRC20', name: 'My ledger', address: 'TXYZabcdefghijklmnopqrstuvwxyz1234', qr: '/uploads/x.png', created_at: '' };

function setUp(info = INFO, payPassword = true) {
  api.reset();
  appState.reset();
  feedback.toast.mockClear();
  navigation.navigateTo.mockClear();
  setUser({ id: 1, email: 'a@example.com', has_pay_password: payPassword } as never);
  api.on('POST /wallet/out_info', () => info);
  api.on('GET /user/wallet/list', () => ({ data: [ADDRESS, { ...ADDRESS, id: 8, chain: 'ERC20', name: 'Other chain' }], page: 1, limit: 100, total: 2 }));
  api.on('POST /user/cash_info', () => null);
  api.on('POST /user/cash_info_international', () => null);
}

const outCalls = () => api.module.request.mock.calls.filter((c) => c[0] === 'POST /wallet/out');
const submit = async () => { await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })); }); };

test('without identity Lv1 the ticket leads to verification', async () => {
  setUp({ ...INFO, level: 0, limit_btc: '0' });
  renderScreen([{ type: 'component', name: 'withdrawTicket', props: { currency: '100', chain: 'TRC20' } }]);
  expect(await screen.findByText('Complete identity verification (Lv1) before withdrawing')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Verify identity' }));
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/setting/real');
});

test('without a payment password the ticket says to set one first and leads there', async () => {
  setUp(INFO, false);
  renderScreen([{ type: 'component', name: 'withdrawTicket', props: { currency: '100', chain: 'TRC20' } }]);
  expect(await screen.findByText('Please set the transaction password first')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/setting/payPassword');
});

test('below the minimum: a clear message and no request', async () => {
  setUp();
  renderScreen([{ type: 'component', name: 'withdrawTicket', props: { currency: '100', chain: 'TRC20' } }]);
  fireEvent.click(await screen.findByRole('radio', { name: /My ledger/ }));
  expect(screen.queryByRole('radio', { name: /Other chain/ })).not.toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10' } });
  fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: 'Pay-pass-7' } });
  await submit();
  expect(await screen.findByText('The minimum withdrawal is 20 USDT')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '900' } });
  await submit();
  expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
  expect(outCalls()).toHaveLength(0);
});

test('a valid withdrawal shows the fee and amount received, then goes to the records', async () => {
  setUp();
  api.on('POST /wallet/out', () => ({ id: 1 }));
  renderScreen([{ type: 'component', name: 'withdrawTicket', props: { currency: '100', chain: 'TRC20' } }]);
  await screen.findByRole('button', { name: 'Withdraw' });
  await submit();
  expect(await screen.findByText('Please choose a withdrawal address or bank card')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('radio', { name: /My ledger/ }));
  fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
  expect(screen.getByTestId('withdraw-receive')).toHaveTextContent('99 USDT');
  fireEvent.change(screen.getByLabelText('Payment password'), { target: { value: 'Pay-pass-7' } });
  await submit();
  await waitFor(() => expect(outCalls()).toHaveLength(1));
  expect(outCalls()[0][1]).toEqual({ currency: '100', number: '100', pay_password: 'Pay-pass-7', address_id: '7' });
  expect(outCalls()[0][2]).toEqual({ idempotencyKey: expect.any(String) });
  await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/fund/receive_withdraw_record'));
  expect(feedback.toast).toHaveBeenCalledWith('Withdrawal submitted for review');
});
