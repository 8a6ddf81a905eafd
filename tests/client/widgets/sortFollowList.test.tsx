/**
 * The market tab of screens/market/market.json: fixed tabs selected by key, lists filtered by category
 * (`filter`), sortable column headers (`columns`), a star on every row (`follow`), favourites that need a
 * login (`login`), and live rows that flash on change (`live.flash`).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { fakeSocket } from './fakeSocket';
import { renderScreen, screenFile } from './helpers';
import { nextSort, sortRows } from '../../../src/client/widgets/list/rows';
import { attachRooms } from '../../../src/client/state/rooms';
import { appState, setToken } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);

const socket = fakeSocket();
attachRooms(socket as never);

interface Quote {
  id: number; currency_id: number; legal_id: number; currency_name: string; legal_name: string; symbol: string; category: string;
  now_price: string; change: string; volume: string; price_decimals: number;
}
const quote = (id: number, base: string, category: 'crypto' | 'stock', price: string, change: string): Quote => ({
  id, currency_id: id, legal_id: 3, currency_name: base, legal_name: 'USDT', symbol: `${base}/USDT`, category, now_price: price, change, volume: '1', price_decimals: 2,
});
const QUOTES = [
  quote(1, 'BTC', 'crypto', '67250.00', '1.50'),
  quote(2, 'ETH', 'crypto', '3480.50', '-2.25'),
  quote(26, 'AAPL', 'stock', '228.50', '0.40'),
];
const market = screenFile('market/market.json');

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  appState.reset();
  localStorage.clear();
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: QUOTES }]);
});

const names = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem').map((li) => li.querySelector('.w-row-title')!.textContent);

test('sorting by name, price and change; a header goes first direction, the other, then off', () => {
  const crypto = QUOTES.slice(0, 2);
  expect(sortRows(crypto, { by: 'now_price', dir: 'asc' }).map((q) => q.currency_name)).toEqual(['ETH', 'BTC']);
  expect(sortRows(crypto, { by: 'change', dir: 'desc' }).map((q) => q.currency_name)).toEqual(['BTC', 'ETH']);
  expect(sortRows(crypto, { by: 'symbol', dir: 'desc' }).map((q) => q.currency_name)).toEqual(['ETH', 'BTC']);
  expect(sortRows([...crypto, { ...QUOTES[2], change: '' }], { by: 'change', dir: 'asc' }).map((q) => q.currency_name)).toEqual(['ETH', 'BTC', 'AAPL']);
  const price = { by: 'now_price', first: 'desc' } as const;
  expect(nextSort(null, price)).toEqual({ by: 'now_price', dir: 'desc' });
  expect(nextSort({ by: 'now_price', dir: 'desc' }, price)).toEqual({ by: 'now_price', dir: 'asc' });
  expect(nextSort({ by: 'now_price', dir: 'asc' }, price)).toBeNull();
  expect(nextSort({ by: 'now_price', dir: 'asc' }, { by: 'symbol', first: 'asc' })).toEqual({ by: 'symbol', dir: 'asc' });
});

test('a visitor sees spot pairs, is asked to log in for favourites, and the star leads to login', async () => {
  renderScreen(market);
  expect(await screen.findByText('67,250.00')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Market' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Search' })).toHaveAttribute('href', '#/pages/market/search');
  expect(screen.getByRole('tab', { name: 'Spot' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.queryByText('228.50')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('tab', { name: 'Stocks' }));
  expect(await screen.findByText('228.50')).toBeInTheDocument();
  expect(screen.queryByText('67,250.00')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Add AAPL/USDT to favourites' }));
  expect(feedback.toast).toHaveBeenCalledWith('Please log in first');
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/login');
  fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
  expect(await screen.findByText('Log in to see the pairs you follow')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(navigation.navigateTo).toHaveBeenLastCalledWith('/pages/common/login');
  expect(api.module.request).not.toHaveBeenCalledWith('GET /optional/list', expect.anything());
});

test('a user follows and unfollows pairs with the star; the sort header reorders and holds across tabs', async () => {
  setToken('tok');
  let followed: Quote[] = [QUOTES[1]];
  api.on('GET /optional/list', () => followed);
  // A watch-list row's id is its pair's.
  api.on('POST /optional/add', (p) => { followed = [...followed, QUOTES.find((q) => q.currency_id === p.currency_id)!]; return { id: p.currency_id }; });
  api.on('POST /optional/del', (p) => { followed = followed.filter((q) => q.id !== p.id); return { id: p.id }; });
  renderScreen(market);
  const star = await screen.findByRole('button', { name: 'Remove ETH/USDT from favourites' });
  expect(star).toHaveAttribute('aria-pressed', 'true');
  fireEvent.click(screen.getByRole('button', { name: 'Add BTC/USDT to favourites' }));
  await screen.findByRole('button', { name: 'Remove BTC/USDT from favourites' });
  expect(api.module.request).toHaveBeenCalledWith('POST /optional/add', { currency_id: 1, legal_id: 3 }, {});
  expect(feedback.toast).not.toHaveBeenCalled(); // the star says it
  fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
  await waitFor(() => expect(names()).toEqual(['ETH/USDT', 'BTC/USDT']));
  fireEvent.click(screen.getByRole('button', { name: /Last price/ }));
  expect(names()).toEqual(['BTC/USDT', 'ETH/USDT']);
  expect(screen.getByRole('button', { name: 'Last price ↓' })).toHaveAttribute('aria-pressed', 'true');
  fireEvent.click(screen.getByRole('tab', { name: 'Spot' }));
  expect(await screen.findByRole('button', { name: 'Last price ↓' })).toHaveAttribute('aria-pressed', 'true');
  fireEvent.click(screen.getByRole('button', { name: 'Last price ↓' }));
  expect(names()).toEqual(['ETH/USDT', 'BTC/USDT']);
  expect(screen.getByRole('button', { name: 'Last price ↑' })).toHaveAttribute('aria-pressed', 'true');
  fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Remove ETH/USDT from favourites' }));
  await waitFor(() => expect(names()).toEqual(['BTC/USDT']));
  expect(api.module.request).toHaveBeenCalledWith('POST /optional/del', { id: 2 }, {});
});

test('a user without favourites is told how to add them', async () => {
  setToken('tok');
  api.on('GET /optional/list', () => []);
  renderScreen(market);
  await screen.findByText('67,250.00');
  fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
  expect(await screen.findByText('No favourites yet. Tap ☆ on a pair to follow it.')).toBeInTheDocument();
});

test('a live price change tints its row green or red for a moment', async () => {
  renderScreen(market);
  const row = (await screen.findByText('67,250.00')).closest('li')!;
  act(() => { socket.deliver('tickers', [{ currency_id: 1, now_price: '67300.00', change: '1.57', volume: '1' }]); });
  await waitFor(() => expect(row).toHaveClass('is-flash-up'));
  expect(row).toHaveTextContent('67,300.00');
  await waitFor(() => expect(row).not.toHaveClass('is-flash-up'), { timeout: 2000 });
  act(() => { socket.deliver('tickers', [{ currency_id: 1, now_price: '67100.00', change: '1.20', volume: '1' }]); });
  await waitFor(() => expect(row).toHaveClass('is-flash-down'));
  expect(screen.getByText('3,480.50').closest('li')).not.toHaveClass('is-flash-up');
});

test('a sort chosen orders by the values the cells show, also those ticked since the rows last settled', async () => {
  jest.useFakeTimers();
  try {
    renderScreen(market);
    await screen.findByText('67,250.00');
    act(() => { socket.deliver('tickers', [{ currency_id: 2, now_price: '3500.00', change: '-1.00', volume: '1' }]); });
    act(() => { jest.advanceTimersByTime(5000); }); // applied and settled
    act(() => { socket.deliver('tickers', [{ currency_id: 2, now_price: '3600.00', change: '5.00', volume: '1' }]); });
    act(() => { jest.advanceTimersByTime(50); }); // the frame that applies it; the rows settle seconds later
    expect(screen.getByText('+5.00%')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /24h change/ }));
    expect(names()).toEqual(['ETH/USDT', 'BTC/USDT']);
  } finally {
    jest.useRealTimers();
  }
});
