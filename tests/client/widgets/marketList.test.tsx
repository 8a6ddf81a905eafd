/** The home market list: ranking tabs, live updates from the tickers room, and the room registry. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api } from './fakeApi';
import { fakeSocket } from './fakeSocket';
import { renderScreen } from './helpers';
import { rankQuotes, type MarketQuote } from '../../../src/client/widgets/components/MarketList';
import { attachRooms, subscribeRoom } from '../../../src/client/state/rooms';
import { appState } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);

const socket = fakeSocket();
attachRooms(socket as never);

const quote = (id: number, base: string, price: string, change: string, volume: string): MarketQuote => ({
  currency_id: id, currency_name: base, legal_name: 'USDT', symbol: `${base}/USDT`, now_price: price, change, volume, price_decimals: 2,
});
const QUOTES = [
  quote(1, 'BTC', '67250.00', '1.50', '100'),
  quote(2, 'ETH', '3480.50', '-2.25', '1000'),
  quote(3, 'SOL', '152.40', '4.10', '10'),
];

beforeEach(() => {
  api.reset();
  appState.reset();
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotes: QUOTES }]);
});

test('rankQuotes: gainers, losers, volume in the quote currency', () => {
  expect(rankQuotes(QUOTES, 'gainers').map((q) => q.currency_name)).toEqual(['SOL', 'BTC', 'ETH']);
  expect(rankQuotes(QUOTES, 'losers').map((q) => q.currency_name)).toEqual(['ETH', 'BTC', 'SOL']);
  expect(rankQuotes(QUOTES, 'volume').map((q) => q.currency_name)).toEqual(['BTC', 'ETH', 'SOL']); // 6.7M, 3.5M, 1.5K
  expect(rankQuotes(QUOTES, 'gainers', 2)).toHaveLength(2);
});

test('shows the pairs by tab with grouped prices, the fiat value and signed changes', async () => {
  renderScreen([{ type: 'component', name: 'marketList' }]);
  const rows = async () => within(await screen.findByRole('tabpanel')).getAllByRole('listitem').map((li) => li.textContent);
  expect(await rows()).toEqual(['SOL/USDT152.40≈ $152.40+4.10%', 'BTC/USDT67,250.00≈ $67,250.00+1.50%', 'ETH/USDT3,480.50≈ $3,480.50-2.25%']);
  fireEvent.click(screen.getByRole('tab', { name: 'Losers' }));
  expect(screen.getByRole('tab', { name: 'Losers' })).toHaveAttribute('aria-selected', 'true');
  expect((await rows())[0]).toBe('ETH/USDT3,480.50≈ $3,480.50-2.25%');
  expect(socket.emitted).toContainEqual(['subscribe', 'tickers']);
});

test('live tickers update only the rows whose values changed, once per animation frame', async () => {
  renderScreen([{ type: 'component', name: 'marketList' }]);
  const btc = await screen.findByText('67,250.00');
  const solRow = screen.getByText('152.40').closest('li')!;
  act(() => {
    socket.deliver('daymarket', [{ currency_id: 1, now_price: '67280.00', change: '1.50', volume: '100' }]);
    socket.deliver('daymarket', [
      { currency_id: 1, now_price: '67300.00', change: '1.57', volume: '101' },
      { currency_id: 3, now_price: '152.40', change: '4.10', volume: '10' },
    ]);
  });
  expect(btc).toHaveTextContent('67,250.00'); // nothing renders before the frame
  await waitFor(() => expect(btc).toHaveTextContent('67,300.00'));
  expect(screen.getByText('152.40').closest('li')).toBe(solRow); // same element: not re-created
  expect(screen.getByText('+1.57%')).toBeInTheDocument();
});

test('a dropped socket shows since when prices are not live; a reconnect fetches the snapshot again', async () => {
  renderScreen([{ type: 'component', name: 'marketList' }]);
  await screen.findByText('67,250.00');
  const fetches = () => api.module.request.mock.calls.filter(([e]) => e === 'GET /currency/quotation_new').length;
  const before = fetches();
  act(() => socket.deliver('disconnect', 'transport close'));
  expect(screen.getByRole('status')).toHaveTextContent(/^Prices have not been live since \d{2}:\d{2}:\d{2}$/);
  act(() => socket.deliver('connect', undefined));
  expect(screen.queryByText(/Prices have not been live/)).not.toBeInTheDocument();
  await waitFor(() => expect(fetches()).toBe(before + 1));
  expect(socket.emitted.filter(([e, room]) => e === 'subscribe' && room === 'tickers').length).toBeGreaterThanOrEqual(2);
});

test('rooms are reference-counted and unsubscribed by the last listener', () => {
  socket.emitted.length = 0;
  const a = jest.fn();
  const b = jest.fn();
  const offA = subscribeRoom('depth:BTC/USDT', 'market_depth', a);
  const offB = subscribeRoom('depth:BTC/USDT', 'market_depth', b);
  expect(socket.emitted).toEqual([['subscribe', 'depth:BTC/USDT']]);
  socket.deliver('market_depth', { bids: [] });
  expect(a).toHaveBeenCalledTimes(1);
  expect(b).toHaveBeenCalledTimes(1);
  offA();
  expect(socket.emitted).toHaveLength(1);
  offB();
  expect(socket.emitted).toEqual([['subscribe', 'depth:BTC/USDT'], ['unsubscribe', 'depth:BTC/USDT']]);
  socket.deliver('market_depth', {});
  expect(b).toHaveBeenCalledTimes(1);
});
