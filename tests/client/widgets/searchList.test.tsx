/**
 * A search box over a list (`search`), on the pair search of screens/market/search.json: filter as you
 * type, recent searches kept on the device (localStorage `marketSearches`, where the pair search kept them),
 * and while nothing is typed the popular pairs (by volume in USDT) under them.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { api } from './fakeApi';
import { renderScreen, screenFile } from './helpers';
import { rememberSearch, searchRows } from '../../../src/client/widgets/list/rows';
import { appState } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);

const quote = (id: number, base: string, price: string, volume = '1') => ({
  currency_id: id, currency_name: base, legal_name: 'USDT', symbol: `${base}/USDT`, category: 'crypto', now_price: price, change: '0.00', volume, price_decimals: 2,
});
// By volume in USDT (volume x price): TRX 120,000,000, BTC 67,250, ETH 3,480.50, ETC 24.86.
const QUOTES = [quote(1, 'BTC', '67250.00'), quote(2, 'ETH', '3480.50'), quote(3, 'ETC', '24.86'), quote(4, 'TRX', '0.12', '1000000000')];
const titles = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.querySelector('.w-row-title')?.textContent);
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
  // Until something is typed: the popular pairs, most volume in USDT first.
  expect(titles(await screen.findByRole('list', { name: 'Popular pairs' }))).toEqual(['TRX/USDT', 'BTC/USDT', 'ETH/USDT', 'ETC/USDT']);
  fireEvent.change(box, { target: { value: 'eth' } });
  expect(await screen.findByText('3,480.50')).toBeInTheDocument();
  expect(screen.queryByText('67,250.00')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Popular pairs' })).not.toBeInTheDocument();
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

test('a pair opened from the results or from the popular pairs is remembered as a recent search', async () => {
  renderScreen(search);
  const box = await screen.findByRole('searchbox', { name: 'Search pairs' });
  fireEvent.change(box, { target: { value: 'btc' } });
  fireEvent.click((await screen.findByText('67,250.00')).closest('a')!);
  expect(JSON.parse(localStorage.getItem('marketSearches')!)).toEqual(['BTC/USDT']);
  fireEvent.change(box, { target: { value: '' } });
  fireEvent.click(within(await screen.findByRole('list', { name: 'Popular pairs' })).getByText('0.12').closest('a')!);
  expect(JSON.parse(localStorage.getItem('marketSearches')!)).toEqual(['TRX/USDT', 'BTC/USDT']);
  expect(screen.getByRole('button', { name: 'TRX/USDT' })).toBeInTheDocument();
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
