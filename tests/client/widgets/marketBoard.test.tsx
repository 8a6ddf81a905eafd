/** The market tab: tabs by category, favourites, sorting and the star. */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { renderScreen } from './helpers';
import { boardRows, nextSort } from '../../../src/client/widgets/components/MarketBoard';
import type { MarketQuote } from '../../../src/client/widgets/components/useLiveQuotes';
import { appState, setToken } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/shell/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/shell/navigation', () => require('./fakeApi').navigation);

const quote = (id: number, base: string, category: 'crypto' | 'stock', price: string, change: string): MarketQuote => ({
  currency_id: id, currency_name: base, legal_name: 'USDT', symbol: `${base}/USDT`, category, now_price: price, change, volume: '1', price_decimals: 2,
});
const QUOTES = [
  quote(1, 'BTC', 'crypto', '67250.00', '1.50'),
  quote(2, 'ETH', 'crypto', '3480.50', '-2.25'),
  quote(3, 'AAPL', 'stock', '228.50', '0.40'),
];

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  appState.reset();
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotes: QUOTES }]);
});

test('rows per tab, favourites in the order followed, sorting by name, price and change', () => {
  expect(boardRows(QUOTES, 'spot', [], null).map((q) => q.currency_name)).toEqual(['BTC', 'ETH']);
  expect(boardRows(QUOTES, 'stocks', [], null).map((q) => q.currency_name)).toEqual(['AAPL']);
  expect(boardRows(QUOTES, 'favorites', ['ETH/USDT', 'AAPL/USDT', 'GONE/USDT'], null).map((q) => q.currency_name)).toEqual(['ETH', 'AAPL']);
  expect(boardRows(QUOTES, 'spot', [], { key: 'price', dir: 'asc' }).map((q) => q.currency_name)).toEqual(['ETH', 'BTC']);
  expect(boardRows(QUOTES, 'spot', [], { key: 'change', dir: 'desc' }).map((q) => q.currency_name)).toEqual(['BTC', 'ETH']);
  expect(boardRows(QUOTES, 'spot', [], { key: 'name', dir: 'desc' }).map((q) => q.currency_name)).toEqual(['ETH', 'BTC']);
  expect(nextSort(null, 'price')).toEqual({ key: 'price', dir: 'desc' });
  expect(nextSort({ key: 'price', dir: 'desc' }, 'price')).toEqual({ key: 'price', dir: 'asc' });
  expect(nextSort({ key: 'price', dir: 'asc' }, 'price')).toBeNull();
  expect(nextSort({ key: 'price', dir: 'asc' }, 'name')).toEqual({ key: 'name', dir: 'asc' });
});

test('a visitor sees spot pairs, is asked to log in for favourites, and the star leads to login', async () => {
  renderScreen([{ type: 'component', name: 'marketBoard' }]);
  expect(await screen.findByText('67,250.00')).toBeInTheDocument();
  expect(screen.queryByText('228.50')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('tab', { name: 'Stocks' }));
  expect(screen.getByText('228.50')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Add AAPL/USDT to favourites' }));
  expect(feedback.toast).toHaveBeenCalledWith('Please log in first');
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/login');
  fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
  expect(screen.getByText('Log in to see the pairs you follow')).toBeInTheDocument();
});

test('a user follows and unfollows pairs with the star; the sort header reorders', async () => {
  setToken('tok');
  let followed: MarketQuote[] = [QUOTES[1]];
  api.on('GET /optional/list', () => followed);
  api.on('POST /optional/add', (p) => { followed = [...followed, QUOTES.find((q) => q.symbol === p.symbol)!]; return 'Added to favourites'; });
  api.on('POST /optional/del', (p) => { followed = followed.filter((q) => q.symbol !== p.symbol); return 'Removed from favourites'; });
  renderScreen([{ type: 'component', name: 'marketBoard' }]);
  const star = await screen.findByRole('button', { name: 'Remove ETH/USDT from favourites' });
  expect(star).toHaveAttribute('aria-pressed', 'true');
  fireEvent.click(screen.getByRole('button', { name: 'Add BTC/USDT to favourites' }));
  await screen.findByRole('button', { name: 'Remove BTC/USDT from favourites' });
  expect(feedback.toast).toHaveBeenCalledWith('Added to favourites');
  fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
  const names = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem').map((li) => li.querySelector('bdi')!.textContent);
  expect(names()).toEqual(['ETH/USDT', 'BTC/USDT']);
  fireEvent.click(screen.getByRole('button', { name: /Last price/ }));
  expect(names()).toEqual(['BTC/USDT', 'ETH/USDT']);
  expect(screen.getByRole('button', { name: 'Last price ↓' })).toHaveAttribute('aria-pressed', 'true');
  fireEvent.click(screen.getByRole('button', { name: 'Remove ETH/USDT from favourites' }));
  await waitFor(() => expect(names()).toEqual(['BTC/USDT']));
});
