/** Pair search: filter as you type, recent searches kept on the device. */
import { fireEvent, screen } from '@testing-library/react';
import { api } from './fakeApi';
import { renderScreen } from './helpers';
import { remember, searchPairs } from '../../../src/client/widgets/components/MarketSearch';
import type { MarketQuote } from '../../../src/client/widgets/components/useLiveQuotes';
import { appState } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);

const quote = (id: number, base: string, price: string): MarketQuote => ({
  currency_id: id, currency_name: base, legal_name: 'USDT', symbol: `${base}/USDT`, category: 'crypto', now_price: price, change: '0.00', volume: '1', price_decimals: 2,
});
const QUOTES = [quote(1, 'BTC', '67250.00'), quote(2, 'ETH', '3480.50'), quote(3, 'ETC', '24.86'), quote(4, 'TRX', '0.12')];

beforeEach(() => {
  api.reset();
  appState.reset();
  localStorage.clear();
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotes: QUOTES }]);
});

test('searchPairs matches symbol or base in any case, base prefix first', () => {
  expect(searchPairs(QUOTES, 'et').map((q) => q.symbol)).toEqual(['ETC/USDT', 'ETH/USDT']);
  expect(searchPairs(QUOTES, 'ethusdt').map((q) => q.symbol)).toEqual(['ETH/USDT']);
  expect(searchPairs(QUOTES, 'usdt')).toHaveLength(4);
  expect(searchPairs(QUOTES, 'TRX')[0].symbol).toBe('TRX/USDT');
  expect(searchPairs(QUOTES, '  ')).toEqual([]);
});

test('remember keeps the newest first, without duplicates, at most 10', () => {
  expect(remember(['btc', 'eth'], 'ETH')).toEqual(['ETH', 'btc']);
  expect(remember([], '  ')).toEqual([]);
  expect(remember(Array.from({ length: 10 }, (_, i) => `q${i}`), 'new')).toHaveLength(10);
});

test('typing filters; a submitted search is remembered, can be reused and cleared', async () => {
  renderScreen([{ type: 'component', name: 'marketSearch' }]);
  const box = await screen.findByRole('searchbox', { name: 'Search pairs' });
  fireEvent.change(box, { target: { value: 'eth' } });
  expect(screen.getByText('3,480.50')).toBeInTheDocument();
  expect(screen.queryByText('67,250.00')).not.toBeInTheDocument();
  fireEvent.submit(box.closest('form')!);
  expect(JSON.parse(localStorage.getItem('marketSearches')!)).toEqual(['eth']);
  fireEvent.change(box, { target: { value: 'zzz' } });
  expect(screen.getByText('No pairs match “zzz”')).toBeInTheDocument();
  fireEvent.change(box, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'eth' }));
  expect(box).toHaveValue('eth');
  fireEvent.change(box, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  expect(screen.queryByText('Recent searches')).not.toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem('marketSearches')!)).toEqual([]);
});
