/**
 * Live forms from their form files (schemas/withdraw.json, schemas/exchange.json): gates, figures from the
 * live endpoint, rules over those figures, the payload, one idempotency key per payload, share chips.
 */
import path from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, feedback, navigation } from '../widgets/fakeApi';
import { renderScreen, whole } from '../widgets/helpers';
import { serveForms } from '../../support/forms';
import { appState, setUser } from '../../../src/client/state/store';
import { preloadSections } from '../../../src/client/widgets/registry';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);

const calls = (endpoint: string) => api.module.request.mock.calls.filter((c) => c[0] === endpoint);
const click = async (name: string) => { await act(async () => { fireEvent.click(screen.getByRole('button', { name })); }); };

beforeEach(() => {
  serveForms(['withdraw', 'exchange']);
  api.reset();
  appState.reset();
  feedback.toast.mockClear();
  navigation.navigateTo.mockClear();
});

describe('withdraw', () => {
  const INFO = {
    change_balance: '800', min_number: '20', rate: '1', name: 'USDT', decimals: 8, chains: [], type: 0, chain: 'TRC20', address: '',
    number: null, receive: null, level: 1, limit_btc: '200', used_btc: '0', left_btc: '200', left: '13451100', max: '800',
  };
  const ADDRESS = { id: 7, currency: 3, currency_name: 'USDT', chain: 'TRC20', name: 'My ledger', address: 'TXYZabcdefghijklmnopqrstuvwxyz1234', qrcode: '/uploads/x.png', update_time: '' };
  const QUERY = { currency: '3', chain: 'TRC20' };
  const NO_CARD = { real_name: '', bank_name: '', bank_account: '' };

  function setUp(info = INFO, payPassword = true, card = { bank_name: 'Harbor Bank', bank_account: '6222021234567890' }) {
    setUser({ id: 1, email: 'a@example.com', has_pay_password: payPassword } as never);
    api.on('POST /wallet/get_info', (p) => {
      const n = p.number === undefined ? null : String(p.number);
      const type = Number(p.type ?? 0);
      const address = type === 1 ? 'Harbor Bank ****7890' : String(p.address ?? '');
      return { ...info, type, address, chain: type === 1 ? 'BANK' : info.chain, number: n, receive: n === null ? null : String(Number(n) - 1) };
    });
    api.on('GET /user/wallet/list', () => ({ data: [ADDRESS, { ...ADDRESS, id: 8, chain: 'ERC20', name: 'Other chain' }], page: 1, limit: 100, total: 2 }));
    api.on('POST /user/cash_info', () => ({ ...NO_CARD, ...card }));
    api.on('POST /user/cash_info_international', () => ({ forms: [], data: ['', '', ''] }));
  }
  const withdraw = [{ type: 'form', form: 'withdraw' }] as never;

  test('without identity Lv1 it leads to verification', async () => {
    setUp({ ...INFO, level: 0, limit_btc: '0' });
    renderScreen(withdraw, QUERY);
    expect(await screen.findByText('Complete identity verification (Lv1) before withdrawing')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Verify identity' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/setting/real');
  });

  test('without a payment password it says to set one first and leads there', async () => {
    setUp(INFO, false);
    renderScreen(withdraw, QUERY);
    expect(await screen.findByText('Please set the transaction password first')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/setting/payPassword');
  });

  test('a form file of version 1 (gates, figures) shows the same gate, and the same form once it is passed', async () => {
    const shown = async (info: typeof INFO, payPassword: boolean, expected: string) => {
      setUp(info, payPassword);
      const { container, unmount } = renderScreen(withdraw, QUERY);
      await screen.findByText(whole(expected));
      const html = container.innerHTML;
      unmount();
      return html;
    };
    const V1 = path.join(__dirname, '..', '..', 'fixtures', 'forms', 'v1');
    for (const [info, payPassword, expected] of [
      [{ ...INFO, level: 0, limit_btc: '0' }, true, 'Complete identity verification (Lv1) before withdrawing'],
      [INFO, false, 'Please set the transaction password first'],
      [INFO, true, '800 USDT'],
    ] as const) {
      serveForms(['withdraw']);
      const current = await shown(info, payPassword, expected);
      serveForms(['withdraw'], V1);
      expect(await shown(info, payPassword, expected)).toBe(current);
    }
  });

  test('the destinations: addresses of the chain and the saved cards, with links to add what is missing', async () => {
    setUp();
    renderScreen(withdraw, QUERY);
    expect(await screen.findByRole('radio', { name: /My ledger/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Other chain/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Bank card.*Harbor Bank \*\*\*\*7890/ })).toBeInTheDocument();
    // No international card saved: its form's values are empty, so it is not offered.
    expect(screen.queryByRole('radio', { name: /International/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add bank card' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add international card' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/setting/bank_international');
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/setting/addWallet?currency=3&chain=TRC20');
    expect(screen.getByTestId('withdraw-available')).toHaveTextContent('800 USDT');
  });

  test('no domestic card (every field \'\'): not offered, its link is; a saved international card shows its holder', async () => {
    setUp(INFO, true, NO_CARD);
    api.on('POST /user/cash_info_international', () => ({ forms: [], data: ['Ann Lee', 'x'] }));
    renderScreen(withdraw, QUERY);
    expect(await screen.findByRole('radio', { name: /International bank card.*Ann Lee/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /^Bank card/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add bank card' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add international card' })).not.toBeInTheDocument();
  });

  test('below the minimum or above the balance: the message shows as soon as the amount is typed, and nothing is sent', async () => {
    setUp();
    renderScreen(withdraw, QUERY);
    fireEvent.click(await screen.findByRole('radio', { name: /My ledger/ }));
    // No submit yet: the live figures arrive and the rule shows at once.
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10' } });
    expect(await screen.findByText('The minimum withdrawal is 20 USDT')).toBeInTheDocument();
    // Only the live rules show before a submit: no "required" message for what is not typed yet.
    expect(screen.queryByText('Please enter the transaction password')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '900' } });
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.queryByText('The minimum withdrawal is 20 USDT')).not.toBeInTheDocument();
    await click('Withdraw');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('POST /wallet/out')).toHaveLength(0);
  });

  test('the only destination is chosen for the user', async () => {
    setUp(INFO, true, NO_CARD);
    renderScreen(withdraw, QUERY);
    // One address on this chain (the other is on ERC20) and no card: it is chosen.
    await waitFor(() => expect(screen.getByRole('radio', { name: /My ledger/ })).toBeChecked());
  });

  test('a saved address named by the screen (tapped in the address book) is chosen among several', async () => {
    setUp();
    renderScreen([{ type: 'form', form: 'withdraw', initial: { destination: ADDRESS.address } }] as never, QUERY);
    expect(await screen.findByRole('radio', { name: /My ledger/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Bank card/ })).not.toBeChecked();
  });

  test('a valid withdrawal is confirmed in a sheet (amount, fee, what arrives, address, network, then the payment password), then goes to the withdrawals', async () => {
    setUp();
    api.on('POST /wallet/out', () => ({ id: 1 }));
    renderScreen(withdraw, QUERY);
    await screen.findByRole('radio', { name: /My ledger/ });
    // The payment password is asked for in the sheet, not in the form.
    expect(screen.queryByLabelText('Payment password')).not.toBeInTheDocument();
    await click('Withdraw');
    expect(await screen.findByText('Please choose a withdrawal address or bank card')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: /My ledger/ }));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('withdraw-receive')).toHaveTextContent('99 USDT'));
    expect(calls('POST /wallet/get_info').at(-1)?.[1]).toEqual({ currency: '3', chain: 'TRC20', type: 0, address: ADDRESS.address, number: '100' });
    await click('Withdraw');
    const sheet = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(calls('POST /wallet/out')).toHaveLength(0);
    expect(within(sheet).getByTestId('confirm-amount')).toHaveTextContent('100 USDT');
    expect(within(sheet).getByTestId('confirm-fee')).toHaveTextContent('1 USDT');
    expect(within(sheet).getByTestId('confirm-receive')).toHaveTextContent('99 USDT');
    expect(within(sheet).getByTestId('confirm-address')).toHaveTextContent(ADDRESS.address);
    expect(within(sheet).getByTestId('confirm-network')).toHaveTextContent('TRC20');
    // Cancel goes back to the form; nothing is sent.
    await act(async () => { fireEvent.click(within(sheet).getByRole('button', { name: 'Cancel' })); });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await click('Withdraw');
    const again = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    await act(async () => { fireEvent.click(within(again).getByRole('button', { name: 'Confirm and withdraw' })); });
    expect(within(again).getByText('Please enter the transaction password')).toBeInTheDocument();
    expect(calls('POST /wallet/out')).toHaveLength(0);
    fireEvent.change(within(again).getByLabelText('Payment password'), { target: { value: 'Pay-pass-7' } });
    await act(async () => { fireEvent.click(within(again).getByRole('button', { name: 'Confirm and withdraw' })); });
    await waitFor(() => expect(calls('POST /wallet/out')).toHaveLength(1));
    // As the platform's app sends it: the address's text and type 0.
    expect(calls('POST /wallet/out')[0][1]).toEqual({ currency: '3', chain: 'TRC20', type: 0, address: ADDRESS.address, number: '100', pay_password: 'Pay-pass-7' });
    expect(calls('POST /wallet/out')[0][2]).toEqual({ idempotencyKey: expect.any(String), showFailure: false });
    await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/fund/receive_withdraw_record?tab=withdrawals'));
    expect(feedback.toast).toHaveBeenCalledWith('Withdrawal submitted for review');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('a refused confirmation (a wrong payment password) keeps the sheet open to try again', async () => {
    setUp();
    api.on('POST /wallet/out', () => { throw new Error('wrong pay password'); });
    renderScreen(withdraw, QUERY);
    fireEvent.click(await screen.findByRole('radio', { name: /My ledger/ }));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('withdraw-receive')).toHaveTextContent('99 USDT'));
    await click('Withdraw');
    const sheet = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    fireEvent.change(within(sheet).getByLabelText('Payment password'), { target: { value: 'wrong' } });
    await act(async () => { fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm and withdraw' })); });
    await waitFor(() => expect(calls('POST /wallet/out')).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Confirm withdrawal' })).toBeInTheDocument();
    // The server's reason is in the sheet, where the user is looking, not behind it.
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('wrong pay password');
    expect(navigation.navigateTo).not.toHaveBeenCalled();
  });

  test('to the bank card: type 1 and no address; the sheet names the card', async () => {
    setUp();
    api.on('POST /wallet/out', () => ({ id: 2 }));
    renderScreen(withdraw, QUERY);
    fireEvent.click(await screen.findByRole('radio', { name: /Bank card/ }));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '50' } });
    await waitFor(() => expect(calls('POST /wallet/get_info').at(-1)?.[1]).toEqual({ currency: '3', chain: 'TRC20', type: 1, number: '50' }));
    await waitFor(() => expect(screen.getByTestId('withdraw-receive')).toHaveTextContent('49 USDT'));
    await click('Withdraw');
    const sheet = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    expect(within(sheet).getByTestId('confirm-card')).toHaveTextContent('Harbor Bank ****7890');
    expect(within(sheet).queryByTestId('confirm-network')).not.toBeInTheDocument();
    fireEvent.change(within(sheet).getByLabelText('Payment password'), { target: { value: 'Pay-pass-7' } });
    await act(async () => { fireEvent.click(within(sheet).getByRole('button', { name: 'Confirm and withdraw' })); });
    await waitFor(() => expect(calls('POST /wallet/out')).toHaveLength(1));
    expect(calls('POST /wallet/out')[0][1]).toEqual({ currency: '3', chain: 'TRC20', type: 1, address: '', number: '50', pay_password: 'Pay-pass-7' });
  });
});

describe('exchange', () => {
  const COINS = [
    { id: 3, name: 'USDT', available: '5000', price: '1' },
    { id: 1, name: 'BTC', available: '0.5', price: '67255.5' },
  ];
  const byId = (id: unknown) => COINS.find((c) => String(c.id) === String(id))!;
  beforeEach(() => {
    api.on('POST /user/getTransferList', () => ({
      transfer: COINS.map(({ id, name }) => ({ id, name })), wallet: COINS.map((c) => ({ currency: c.id, change_balance: c.available })),
    }));
    api.on('POST /user/getTransferFee', (p) => {
      const from = byId(p.from_currency_id);
      const to = byId(p.to_currency_id);
      return {
        form_price: from.price, to_price: to.price, fee: '0.1', from: from.name, to: to.name, from_decimals: 8, to_decimals: 8,
        available: from.available, rate: '0.000014868755', rate_base: 'BTC', rate_quote: 'USDT', rate_price: '67255.5',
        fee_amount: p.number === undefined ? null : '0.00001487', receive: p.number === undefined ? null : '0.01485388',
      };
    });
  });
  const exchange = [{ type: 'form', form: 'exchange' }] as never;
  const amountBox = () => screen.getByLabelText('Amount');

  test('fetched with its screen, the form is drawn with the page, not after a loading step', async () => {
    await preloadSections({ sections: exchange });
    renderScreen(exchange);
    // The first render drew the form itself, which asks for its figures: no chunk or form file was awaited.
    expect(calls('POST /user/getTransferFee')).toHaveLength(1);
    expect(await screen.findByLabelText('Amount')).toBeInTheDocument();
  });

  test('USDT to BTC by default: the available balance, and the rate, fee and amount received from the server', async () => {
    renderScreen(exchange);
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '1000' } });
    await waitFor(() => expect(screen.getByTestId('exchange-receive')).toHaveTextContent('≈ 0.01485388 BTC'));
    expect(screen.getByText('Fee (0.1%)')).toBeInTheDocument();
    expect(screen.getByText(whole('5,000 USDT'))).toBeInTheDocument();
    // The rate the way a person thinks of it: one BTC in USDT.
    expect(screen.getByText(whole('1 BTC ≈ 67,255.5 USDT'))).toBeInTheDocument();
  });

  test('a form file of version 1 (figures) shows the same rows, texts and order as today\'s file', async () => {
    const shown = async () => {
      const { container, unmount } = renderScreen(exchange);
      fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '1000' } });
      await waitFor(() => expect(screen.getByTestId('exchange-receive')).toHaveTextContent('≈ 0.01485388 BTC'));
      const html = container.innerHTML;
      unmount();
      return html;
    };
    const current = await shown();
    serveForms(['exchange'], path.join(__dirname, '..', '..', 'fixtures', 'forms', 'v1'));
    expect(await shown()).toBe(current);
    expect(current).toContain('Fee (0.1%)');
  });

  test('more than the balance, or the same currency twice, is refused before any call', async () => {
    renderScreen(exchange);
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '5000.01' } });
    await waitFor(() => expect(calls('POST /user/getTransferFee').length).toBeGreaterThan(0));
    await click('Exchange');
    expect(await screen.findByText('Insufficient balance')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '3' } });
    fireEvent.change(amountBox(), { target: { value: '10' } });
    await click('Exchange');
    expect(await screen.findByText('Choose two different currencies')).toBeInTheDocument();
    expect(calls('POST /user/Transfer')).toHaveLength(0);
  });

  test('a retry of the same exchange reuses its idempotency key; another amount gets a new one; the amount is cleared after', async () => {
    let fail = true;
    api.on('POST /user/Transfer', () => {
      if (fail) throw new Error('lost answer');
      return { receive: '0.01485379', to: 'BTC' };
    });
    renderScreen(exchange);
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '1000' } });
    await waitFor(() => expect(screen.getByTestId('exchange-receive')).toHaveTextContent('BTC'));
    await click('Exchange');
    await click('Exchange');
    fail = false;
    fireEvent.change(amountBox(), { target: { value: '900' } });
    await click('Exchange');
    const sent = calls('POST /user/Transfer');
    expect(sent.map((c) => c[1])).toEqual([
      { from_currency_id: '3', to_currency_id: '1', number: '1000' },
      { from_currency_id: '3', to_currency_id: '1', number: '1000' },
      { from_currency_id: '3', to_currency_id: '1', number: '900' },
    ]);
    expect(sent[0][2]).toEqual(sent[1][2]);
    expect(sent[2][2]).not.toEqual(sent[1][2]);
    await waitFor(() => expect(feedback.toast).toHaveBeenCalledWith('Exchanged: 0.01485379 BTC received'));
    expect(amountBox()).toHaveValue('');
  });

  test('the share chips fill the amount from the available balance; the swap exchanges the currencies', async () => {
    renderScreen(exchange);
    await waitFor(() => expect(screen.getByRole('button', { name: '25%' })).toBeEnabled());
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: '25%' })); });
    expect(amountBox()).toHaveValue('1250');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'All' })); });
    expect(amountBox()).toHaveValue('5000');
    await act(async () => { fireEvent.click(screen.getByRole('button', { name: 'Swap the currencies' })); });
    expect(screen.getByLabelText('From')).toHaveValue('1');
    expect(screen.getByLabelText('To')).toHaveValue('3');
    expect(amountBox()).toHaveValue('');
  });
});

describe('transfer', () => {
  beforeEach(() => {
    serveForms(['transfer']);
    navigation.goBack.mockClear();
    api.on('GET /currency/user_currency_list', () => [{ id: 3, name: 'USDT' }, { id: 1, name: 'BTC' }]);
    api.on('POST /wallet/change_info', (p) => ({ currency_name: 'USDT', available: p.from_field === 'change' ? '1250.5' : '0', fee: '0', receive: null }));
    api.on('POST /wallet/change', () => ({ id: 9 }));
  });
  const transfer = [{ type: 'form', form: 'transfer', initial: { currency_id: '3', from_field: 'change', to_field: 'lever' } }] as never;

  async function send() {
    await waitFor(() => expect(screen.getByTestId('transfer-available')).toHaveTextContent('1,250.5 USDT'));
    await click('Max');
    expect(screen.getByLabelText('Amount')).toHaveValue('1250.5');
    await click('Transfer');
    await waitFor(() => expect(calls('POST /wallet/change')).toHaveLength(1));
    expect(calls('POST /wallet/change')[0][1]).toEqual({ currency_id: '3', from_field: 'change', to_field: 'lever', number: '1250.5' });
  }

  test('shows the source account\'s available balance and a Max; after the transfer, its history', async () => {
    renderScreen(transfer);
    await send();
    await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/fund/transfer_history'));
    expect(navigation.goBack).not.toHaveBeenCalled();
  });

  test('opened from a ticket\'s Transfer link (back=1), it returns to the ticket', async () => {
    renderScreen(transfer, { back: '1' });
    await send();
    await waitFor(() => expect(navigation.goBack).toHaveBeenCalled());
    expect(navigation.navigateTo).not.toHaveBeenCalled();
  });
});
