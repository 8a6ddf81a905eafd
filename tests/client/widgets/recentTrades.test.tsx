/** Recent trades (issue 23): the `trades:<symbol>` room's prints, live, coloured by side, numbers in the reader's language. */
import { act, screen, within } from '@testing-library/react';
import { api } from './fakeApi';
import { fakeSocket } from './fakeSocket';
import { renderScreen, renderWithProviders } from './helpers';
import { RuntimeProvider } from '../../../src/client/runtime/context';
import { attachRooms } from '../../../src/client/state/rooms';
import { appState, setLanguage } from '../../../src/client/state/store';
import RecentTrades, { type Print } from '../../../src/client/widgets/components/RecentTrades';
import { datetime } from '../../../src/shared/format';
import fa from '../../../i18n/fa.json';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);

const socket = fakeSocket();
attachRooms(socket as never);

const T = Date.UTC(2026, 10, 27, 18, 0, 5);
const print = (s: number, price: string, amount: string, side: Print['side']): Print => ({ time: T + s * 1000, price, amount, side });
const event = (trades: Print[], base = 'BTC') => ({ currency_name: base, legal_name: 'USDT', trades });

const renderTrades = (texts?: Record<string, string>) =>
  renderWithProviders(<RuntimeProvider query={{}} params={{}}><RecentTrades symbol="BTC/USDT" priceDecimals={2} /></RuntimeProvider>, texts);
const rows = () => within(screen.getByRole('list')).getAllByRole('listitem');

beforeEach(() => {
  api.reset();
  appState.reset();
  socket.emitted.length = 0;
});

test('loading until the room answers, then each print: time, price coloured by side (also said in words), amount', () => {
  renderTrades();
  expect(socket.emitted).toContainEqual(['subscribe', 'trades:BTC/USDT']);
  expect(screen.getByRole('heading', { name: 'Recent trades' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  // Another pair's prints are not this one's.
  act(() => socket.deliver('market_trades', event([print(0, '3480.50', '1.5', 'buy')], 'ETH')));
  expect(screen.queryByRole('list')).not.toBeInTheDocument();

  act(() => socket.deliver('market_trades', event([print(1, '67251.50', '0.012345', 'buy'), print(0, '67249.00', '1234.5', 'sell')])));
  const [first, second] = rows();
  expect(first).toHaveClass('is-buy');
  expect(second).toHaveClass('is-sell');
  expect(first.querySelector('.w-trades-time')).toHaveTextContent(datetime(T + 1000).slice(11));
  expect(first.querySelector('.w-trades-price')).toHaveTextContent('67,251.50');
  // The amount in short, as the order book's; a dense live list marks no number as rounded (docs/numbers.md).
  expect(first.querySelector('.w-trades-amount')).toHaveTextContent('0.0123');
  expect(first.querySelector('.w-trades-amount bdi')).not.toHaveAttribute('data-exact');
  expect(first.querySelector('.w-trades-amount bdi')).not.toHaveClass('is-rounded');
  expect(within(first).queryByRole('button')).not.toBeInTheDocument();
  expect(first).toHaveTextContent('Buy');
  expect(second.querySelector('.w-trades-price')).toHaveTextContent('67,249.00');
  expect(second).toHaveTextContent('Sell');
});

const prices = () => rows().map((r) => r.querySelector('.w-trades-price')?.textContent);

test('the snapshot, then only new prints merged in: the newest first, each once, at most 20 rows, in a body of fixed height', () => {
  renderTrades();
  // The room's first message: its last 20 prints.
  const snapshot = Array.from({ length: 20 }, (_, i) => print(19 - i, `${200 - i}.00`, '1', i % 2 ? 'sell' : 'buy'));
  act(() => socket.deliver('market_trades', event(snapshot)));
  expect(rows()).toHaveLength(20);
  expect(prices()[0]).toBe('200.00');
  expect((document.querySelector('.w-trades') as HTMLElement).style.getPropertyValue('--rows')).toBe('20');
  // A second later, two new prints alone: they lead, the two oldest fall off.
  act(() => socket.deliver('market_trades', event([print(21, '202.00', '1', 'buy'), print(20, '201.00', '1', 'buy')])));
  expect(rows()).toHaveLength(20);
  expect(prices().slice(0, 3)).toEqual(['202.00', '201.00', '200.00']);
  expect(prices()[19]).toBe('183.00');
  // A print that comes again (struck while joining) is shown once; a malformed one is dropped, not drawn.
  act(() => socket.deliver('market_trades', event([print(22, '203.00', '2', 'buy'), print(21, '202.00', '1', 'buy'), { time: 'x' } as never])));
  expect(rows()).toHaveLength(20);
  expect(prices().slice(0, 3)).toEqual(['203.00', '202.00', '201.00']);
  expect(new Set(rows().map((r) => r.querySelector('.w-trades-time')?.textContent)).size).toBe(20);
});

test('new prints before the snapshot are kept when it arrives', () => {
  renderTrades();
  act(() => socket.deliver('market_trades', event([print(5, '105.00', '1', 'buy')])));
  expect(prices()).toEqual(['105.00']);
  act(() => socket.deliver('market_trades', event([print(5, '105.00', '1', 'buy'), print(4, '104.00', '1', 'sell')])));
  expect(prices()).toEqual(['105.00', '104.00']);
});

test('no prints yet says so', () => {
  renderTrades();
  act(() => socket.deliver('market_trades', event([])));
  expect(screen.getByText('No trades yet')).toBeInTheDocument();
});

test('in Persian: its words and digits', () => {
  act(() => setLanguage('fa'));
  renderTrades(fa as Record<string, string>);
  act(() => socket.deliver('market_trades', event([print(0, '67250.00', '1.5', 'sell')])));
  expect(screen.getByRole('heading', { name: 'معاملات اخیر' })).toBeInTheDocument();
  expect(rows()[0].querySelector('.w-trades-price')).toHaveTextContent('۶۷٬۲۵۰٫۰۰');
  expect(rows()[0]).toHaveTextContent('فروش');
});

test('the pair detail draws it as its part `trades`, alone', async () => {
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: [{
    id: 1, currency_id: 1, legal_id: 3, currency_name: 'BTC', legal_name: 'USDT', sort: 1, spread: '0', lever_share_num: '0', lever_trade_fee: '0',
    symbol: 'BTC/USDT', category: 'crypto', now_price: '67250.00', open: '66000.00', high: '68000.00', low: '65000.00', volume: '1', change: '1.89', price_decimals: 2, qty_decimals: 6,
  }] }]);
  renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'BTC/USDT', parts: ['trades'] } }]);
  expect(await screen.findByRole('heading', { name: 'Recent trades' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Order book' })).not.toBeInTheDocument();
  act(() => socket.deliver('market_trades', event([print(0, '67250.00', '0.5', 'buy')])));
  expect(rows()[0]).toHaveClass('is-buy');
});
