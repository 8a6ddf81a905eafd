/**
 * A search box over a list (`search`), on the pair search of screens/market/search.json: filter as you
 * type, recent searches kept on the device (localStorage `marketSearches`, where the pair search kept them).
 */
import { fireEvent, screen } from '@testing-library/react';
import { api } from './fakeApi';
import { renderScreen, screenFile } from './helpers';
import { rememberSearch, searchRows } from '../../../src/client/widgets/list/rows';
import { appState } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);

const quote = (id: number, base: string, price: string) => ({
  currency_id: id, currency_name: base, legal_name: 'USDT', symbol: `${base}/USDT`, category: 'crypto', now_price: price, change: '0.00', volume: '1', price_decimals: 2,
});
const QUOTES = [quote(1, 'BTC', '67250.00'), quote(2, 'ETH', '3480.50'), quote(3, 'ETC', '24.86'), quote(4, 'TRX', '0.12')];
const search = screenFile('market/search.json');

beforeEach(() => {
  api.reset();
  appState.reset();
  localStorage.clear();
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: QUOTES }]);
});

test('searchRows matches the fields in any case, ignoring spaces and punctuation; prefix matches first', () => {
  const symbols = (q: string) => searchRows(QUOTES, q, ['symbol']).map((x) => x.symbol);
  expect(symbols('et')).toEqual(['ETC/USDT', 'ETH/USDT']);
  expect(symbols('ethusdt')).toEqual(['ETH/USDT']);
  expect(symbols('eth/usdt')).toEqual(['ETH/USDT']);
  expect(symbols('ETH USDT')).toEqual(['ETH/USDT']);
  expect(symbols('usdt')).toHaveLength(4);
  expect(symbols('TRX')[0]).toBe('TRX/USDT');
  expect(symbols('  ')).toEqual([]);
  expect(searchRows(QUOTES, 'h', ['currency_name', 'symbol']).map((x) => x.currency_name)).toEqual(['ETH']);
});

test('rememberSearch keeps the newest first, without duplicates, at most 10', () => {
  expect(rememberSearch(['btc', 'eth'], 'ETH')).toEqual(['ETH', 'btc']);
  expect(rememberSearch([], '  ')).toEqual([]);
  expect(rememberSearch(Array.from({ length: 10 }, (_, i) => `q${i}`), 'new')).toHaveLength(10);
});

test('typing filters; a submitted search is remembered, can be reused and cleared', async () => {
  renderScreen(search);
  const box = await screen.findByRole('searchbox', { name: 'Search pairs' });
  expect(box).toHaveAttribute('placeholder', 'Search, e.g. BTC');
  expect(box).toHaveFocus();
  await screen.findByRole('search');
  expect(screen.queryByRole('listitem')).not.toBeInTheDocument(); // nothing until something is typed
  fireEvent.change(box, { target: { value: 'eth' } });
  expect(await screen.findByText('3,480.50')).toBeInTheDocument();
  expect(screen.queryByText('67,250.00')).not.toBeInTheDocument();
  fireEvent.submit(box.closest('form')!);
  expect(JSON.parse(localStorage.getItem('marketSearches')!)).toEqual(['eth']);
  fireEvent.change(box, { target: { value: 'zzz' } });
  expect(screen.getByText('No pairs match “zzz”')).toBeInTheDocument();
  fireEvent.change(box, { target: { value: '' } });
  expect(screen.getByRole('heading', { name: 'Recent searches' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'eth' }));
  expect(box).toHaveValue('eth');
  fireEvent.change(box, { target: { value: '' } });
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
  expect(screen.queryByText('Recent searches')).not.toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem('marketSearches')!)).toEqual([]);
});

test('recent searches from an earlier visit are offered', async () => {
  localStorage.setItem('marketSearches', JSON.stringify(['btc', 'sol']));
  renderScreen(search);
  expect(await screen.findByRole('button', { name: 'btc' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'sol' })).toBeInTheDocument();
});

test('with whenEmpty "all" every row shows until something is typed; a search of another list has its own texts', async () => {
  api.on('GET /faq', () => ({ title: 'FAQ', content: '', list: [{ id: 1, question: 'How do I deposit?' }, { id: 2, question: 'How do I withdraw?' }] }));
  renderScreen([{ type: 'quotes', source: { endpoint: 'GET /faq', select: 'list' }, paging: 'none', item: { title: '{{item.question}}' },
    search: { label: 'mine.menu.faq', fields: ['question'], whenEmpty: 'all' } }]);
  expect(await screen.findByText('How do I deposit?')).toBeInTheDocument();
  expect(screen.getByText('How do I withdraw?')).toBeInTheDocument();
  fireEvent.change(screen.getByRole('searchbox', { name: 'FAQ' }), { target: { value: 'withdraw' } });
  expect(screen.queryByText('How do I deposit?')).not.toBeInTheDocument();
  fireEvent.change(screen.getByRole('searchbox', { name: 'FAQ' }), { target: { value: 'loan' } });
  expect(screen.getByText('Nothing matches “loan”')).toBeInTheDocument();
});
