/**
 * The home's Super leverage shortcut (issue 23) opens the contract ticket with `?lever=max`: the multiple chips
 * start on the highest multiple (the `choices` widget's `pickLastIf`), and the user can still choose another.
 * Without it the ticket starts on the first.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { api } from '../widgets/fakeApi';
import { renderScreen } from '../widgets/helpers';
import { serveForms } from '../../support/forms';
import { appState, setUser } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);

const PAIRS = [{ symbol: 'BTC/USDT', currency_id: 1, legal_id: 3, category: 'crypto', fee_rate: '0.001', min_amount: '0.0001' }];
const pairScope = [{ type: 'scope', source: { endpoint: 'GET /coin/pairs' }, find: 'item.symbol == query.symbol', empty: 'trade.unknown_pair',
  sections: [{ type: 'form', form: 'contract-order' }] }] as never;

beforeEach(() => {
  serveForms(['contract-order']);
  api.reset();
  appState.reset();
  setUser({ id: 1, email: 'a@example.com', has_pay_password: true } as never);
  api.on('GET /coin/pairs', () => PAIRS);
  api.on('POST /lever/deal', () => ({
    user_lever: '500', multiple: { muit: [{ value: 5 }, { value: 10 }, { value: 20 }, { value: 100 }] }, my_transaction: [],
    rate_profits_total: { caution_money: '0', profits_total: '0', hazard_rate: '0', positions: 0 },
    symbol: 'BTC/USDT', currency_id: 1, legal_id: 3, base: 'BTC', quote: 'USDT', enabled: true, price: '60000', price_decimals: 2, lot_size: '0.01',
    max_lots: 100, fee_rate: '0.0005', fee_percent: '0.05', overnight_rate: '0.0003', overnight_percent: '0.03', maintenance_rate: '0.005',
    max_lots_affordable: 8, value: null, margin: null, fee: null, liquidation_price: null,
  }));
});

test('?lever=max starts on the highest multiple; another can still be chosen', async () => {
  renderScreen(pairScope, { symbol: 'BTC/USDT', lever: 'max' });
  await screen.findByRole('radio', { name: '100×' }, { timeout: 5000 });
  await waitFor(() => expect(screen.getByRole('radio', { name: '100×' })).toBeChecked());
  fireEvent.click(screen.getByRole('radio', { name: '20×' }));
  await waitFor(() => expect(screen.getByRole('radio', { name: '20×' })).toBeChecked());
  expect(screen.getByRole('radio', { name: '100×' })).not.toBeChecked();
});

test('without it the ticket starts on the first multiple', async () => {
  renderScreen(pairScope, { symbol: 'BTC/USDT' });
  await screen.findByRole('radio', { name: '5×' }, { timeout: 5000 });
  await waitFor(() => expect(screen.getByRole('radio', { name: '5×' })).toBeChecked());
});
