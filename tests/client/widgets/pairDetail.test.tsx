/** The pair detail: K-line periods and live candles, the order book, the summary and the star. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { fakeSocket } from './fakeSocket';
import { renderScreen, renderWithProviders } from './helpers';
import { RuntimeProvider } from '../../../src/client/runtime/context';
import { attachRooms } from '../../../src/client/state/rooms';
import { getPick } from '../../../src/client/state/picks';
import { appState, setToken, setUser } from '../../../src/client/state/store';
import { candleLabel, mergeCandle, movingAverage, type Candle } from '../../../src/client/widgets/components/chart/candles';
import { klineOption } from '../../../src/client/widgets/components/chart/klineOption';
import KLine from '../../../src/client/widgets/components/KLine';
import { depthRows } from '../../../src/client/widgets/components/OrderBook';
import OrderBook from '../../../src/client/widgets/components/OrderBook';
import { tradeRoute } from '../../../src/client/widgets/components/PairDetail';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);
// jsdom has no canvas: the chart is a stand-in that keeps the option it was given and the live updates.
const chart = { options: [] as any[], updates: [] as any[] };
jest.mock('../../../src/client/widgets/components/chart/echarts', () => ({ echarts: {} }));
jest.mock('echarts-for-react/esm/core', () => {
  const { useEffect } = require('react');
  return function FakeECharts({ option, onChartReady }: { option: unknown; onChartReady: (c: unknown) => void }) {
    chart.options.push(option);
    useEffect(() => { onChartReady({ setOption: (o: unknown) => chart.updates.push(o) }); }, []); // eslint-disable-line react-hooks/exhaustive-deps
    return <div data-testid="echart" />;
  };
});

const socket = fakeSocket();
attachRooms(socket as never);

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0);
const candle = (i: number, close: string, step = MINUTE): Candle => ({ time: T0 + i * step, open: '100.00', high: '110.00', low: '90.00', close, volume: '5' });
const series = (n: number, step = MINUTE) => Array.from({ length: n }, (_, i) => candle(i, `${100 + i}.00`, step));
const lastOption = () => chart.options[chart.options.length - 1];

/** A widget as a screen renders it. */
const renderWidget = (ui: React.ReactElement) => renderWithProviders(<RuntimeProvider query={{}} params={{}}>{ui}</RuntimeProvider>);

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  appState.reset();
  chart.options.length = 0;
  chart.updates.length = 0;
  socket.emitted.length = 0;
});

describe('candles', () => {
  test('a live candle replaces the open one, appends a newer one, ignores an older one', () => {
    const s = series(3);
    expect(mergeCandle(s, { ...s[2], close: '120.00' }).map((c) => c.close)).toEqual(['100.00', '101.00', '120.00']);
    expect(mergeCandle(s, { ...s[2] })).toBe(s);
    expect(mergeCandle(s, candle(3, '99.00'))).toHaveLength(4);
    expect(mergeCandle(s, candle(0, '1.00'))).toBe(s);
  });
  test('moving averages are exact decimals, null until there are enough candles', () => {
    const s = ['1.10', '2.20', '3.30', '4.40'].map((close, i) => ({ ...candle(i, close) }));
    expect(movingAverage(s, 3, 2)).toEqual([null, null, '2.20', '3.30']);
    expect(movingAverage(s, 2, 3)).toEqual([null, '1.650', '2.750', '3.850']);
  });
  test('axis labels per period', () => {
    const t = new Date(2026, 10, 22, 9, 5).getTime();
    expect(candleLabel(t, '5min')).toBe('09:05');
    expect(candleLabel(t, '5min', true)).toBe('11-22 09:05');
    expect(candleLabel(t, '1D')).toBe('11-22');
    expect(candleLabel(t, '1W')).toBe('11-22');
    expect(candleLabel(t, '1M')).toBe('2026-11');
  });
  test('the option: candlesticks, three MA lines and volume bars share one zoom showing the newest 60 candles', () => {
    const colors = { up: 'green', down: 'red', text: '#000', muted: '#666', grid: '#ddd', surface: '#fff', ma: ['a', 'b', 'c'] };
    const o = klineOption(series(300), '1min', 2, colors, { time: 'Time', open: 'Open', high: 'High', low: 'Low', close: 'Close', change: 'Change', volume: 'Volume' },
      { price: (v) => v, volume: (v) => v });
    expect(o.series.map((s: { type: string }) => s.type)).toEqual(['candlestick', 'line', 'line', 'line', 'bar']);
    expect(o.series[0].data[1]).toEqual(['100.00', '101.00', '90.00', '110.00']); // open, close, low, high
    expect(o.dataZoom[0]).toMatchObject({ type: 'inside', start: 80, end: 100 });
    const tip = o.tooltip.formatter([{ dataIndex: 299 }]);
    expect(tip).toContain('Close</span><b>399.00');
    expect(tip).toContain('+299.00%');
  });
});

describe('KLine', () => {
  beforeEach(() => {
    api.on('GET /currency/new_timeshar', (p) => series(p.period === '1D' ? 120 : 300, p.period === '1D' ? 86_400_000 : MINUTE));
  });

  test('switches periods: fetches the period, draws its candles and moves the live room', async () => {
    renderWidget(<KLine symbol="BTC/USDT" priceDecimals={2} />);
    await screen.findByTestId('echart');
    // The platform's periods, a week among them.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['1m', '5m', '30m', '1H', '1D', '1W', '1M']);
    expect(lastOption().series[0].data).toHaveLength(300);
    expect(socket.emitted).toContainEqual(['subscribe', 'kline:BTC/USDT:1min']);
    fireEvent.click(screen.getByRole('tab', { name: '1D' }));
    expect(screen.getByRole('tab', { name: '1D' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(lastOption().series[0].data).toHaveLength(120));
    expect(api.module.request).toHaveBeenLastCalledWith('GET /currency/new_timeshar', { symbol: 'BTC/USDT', period: '1D' });
    expect(lastOption().xAxis[1].data[0]).toBe(candleLabel(T0, '1D'));
    expect(socket.emitted).toContainEqual(['unsubscribe', 'kline:BTC/USDT:1min']);
    expect(socket.emitted).toContainEqual(['subscribe', 'kline:BTC/USDT:1D']);
    expect(screen.getByText(/^MA5/)).toHaveTextContent('MA5 217.00'); // closes 215..219
  });

  test('a live candle updates the chart in place; another pair\'s or period\'s candle is ignored', async () => {
    renderWidget(<KLine symbol="BTC/USDT" priceDecimals={2} />);
    await screen.findByTestId('echart');
    const drawn = lastOption();
    act(() => socket.deliver('kline', { currency_name: 'ETH', legal_name: 'USDT', period: '1min', ...candle(300, '1.00') }));
    act(() => socket.deliver('kline', { currency_name: 'BTC', legal_name: 'USDT', period: '5min', ...candle(300, '1.00') }));
    expect(chart.updates).toHaveLength(0);
    act(() => socket.deliver('kline', { currency_name: 'BTC', legal_name: 'USDT', period: '1min', ...candle(300, '500.00') }));
    await waitFor(() => expect(chart.updates).toHaveLength(1));
    expect(chart.updates[0].series[0].data).toHaveLength(301);
    expect(chart.updates[0].series[0].data[300]).toEqual(['100.00', '500.00', '90.00', '110.00']);
    expect(lastOption()).toBe(drawn); // the full option (and the user's zoom) is left alone
  });

  test('a failed fetch offers a retry', async () => {
    api.on('GET /currency/new_timeshar', () => { throw new Error('offline'); });
    renderWidget(<KLine symbol="BTC/USDT" priceDecimals={2} />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('OrderBook', () => {
  const book = {
    currency_name: 'BTC', legal_name: 'USDT',
    bids: [['99.00', '1'], ['98.00', '3']], asks: [['101.00', '2'], ['102.00', '2']],
  };

  test('depth is summed from the last price outward, as a share of the deeper side', () => {
    expect(depthRows(book.bids as never, book.asks as never)).toEqual({
      bids: [{ price: '99.00', qty: '1', depth: 25 }, { price: '98.00', qty: '3', depth: 100 }],
      asks: [{ price: '101.00', qty: '2', depth: 50 }, { price: '102.00', qty: '2', depth: 100 }],
    });
  });

  test('asks above the last price (highest first), bids below; tapping a level picks its price', async () => {
    const onPick = jest.fn();
    renderWidget(<OrderBook symbol="BTC/USDT" priceDecimals={2} last={{ price: '100.00', up: true }} onPick={onPick} />);
    expect(socket.emitted).toContainEqual(['subscribe', 'depth:BTC/USDT']);
    act(() => socket.deliver('market_depth', { ...book, currency_name: 'ETH' }));
    expect(screen.queryByRole('list', { name: 'Sell orders' })).not.toBeInTheDocument();
    act(() => socket.deliver('market_depth', book));
    const asks = within(screen.getByRole('list', { name: 'Sell orders' })).getAllByRole('button').map((b) => b.textContent);
    expect(asks).toEqual(['102.002.0000Use price 102.00', '101.002.0000Use price 101.00']);
    fireEvent.click(screen.getByRole('button', { name: /Use price 98\.00/ }));
    expect(onPick).toHaveBeenCalledWith('98.00');
    expect(screen.getByRole('button', { name: /Use price 98\.00/ })).toHaveAttribute('aria-pressed', 'true');
  });

  test('without onPick the levels are not buttons', () => {
    renderWidget(<OrderBook symbol="BTC/USDT" priceDecimals={2} />);
    act(() => socket.deliver('market_depth', book));
    expect(within(screen.getByRole('list', { name: 'Buy orders' })).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('PairDetail', () => {
  const BTC = {
    id: 1, currency_id: 1, legal_id: 3, currency_name: 'BTC', legal_name: 'USDT', sort: 1, spread: '0', lever_share_num: '0.01', lever_trade_fee: '0.05',
    symbol: 'BTC/USDT', category: 'crypto', now_price: '67250.00',
    open: '66000.00', high: '68000.00', low: '65000.00', volume: '28123.5', change: '1.89', price_decimals: 2, qty_decimals: 6,
  };
  beforeEach(() => {
    api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: [BTC] }]);
    api.on('GET /currency/new_timeshar', () => series(300));
  });

  test('price, fiat value, change and 24-hour statistics, live from the tickers room', async () => {
    renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'btc/usdt' } }]);
    expect(await screen.findByTestId('pair-price')).toHaveTextContent('67,250.00');
    expect(screen.getByText('+1.89%')).toBeInTheDocument();
    const stats = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(stats).toEqual(['68,000.00', '65,000.00', '66,000.00', '28.12K']);
    act(() => socket.deliver('tickers', [{ currency_id: 1, now_price: '68100.00', change: '3.18', volume: '28200', high: '68100.00', low: '65000.00' }]));
    await waitFor(() => expect(screen.getByTestId('pair-price')).toHaveTextContent('68,100.00'));
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent('68,100.00');
    expect(await screen.findByTestId('echart')).toBeInTheDocument();
    expect(localStorage.getItem('lastPair')).toBe('BTC/USDT');
  });

  test('an unknown pair says so and leads to all markets', async () => {
    renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'NOPE/USDT' } }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('This trading pair does not exist');
    fireEvent.click(screen.getByRole('button', { name: 'All markets' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/market/market');
  });

  test('the star asks a visitor to log in', async () => {
    renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'BTC/USDT' } }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add BTC/USDT to favourites' }));
    expect(feedback.toast).toHaveBeenCalledWith('Please log in first');
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/login');
  });

  test('a user\'s star follows the pair by its id and unfollows it by the watch-list row\'s id (the same)', async () => {
    setToken('tok');
    let followed: unknown[] = [];
    api.on('GET /optional/list', () => followed);
    api.on('POST /optional/add', () => { followed = [BTC]; return { id: 1 }; });
    api.on('POST /optional/del', () => { followed = []; return { id: 1 }; });
    renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'BTC/USDT' } }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add BTC/USDT to favourites' }));
    const star = await screen.findByRole('button', { name: 'Remove BTC/USDT from favourites' });
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(api.module.request).toHaveBeenCalledWith('POST /optional/add', { currency_id: 1, legal_id: 3 }, {});
    fireEvent.click(star);
    await screen.findByRole('button', { name: 'Add BTC/USDT to favourites' });
    expect(api.module.request).toHaveBeenCalledWith('POST /optional/del', { id: 1 }, {});
    expect(feedback.toast).not.toHaveBeenCalled();
  });

  test('trade buttons go to spot for coins and to the stock screen for stocks, with the ticket\'s type code and a picked price', () => {
    expect(tradeRoute({ symbol: 'BTC/USDT', category: 'crypto' }, 'buy')).toBe('/pages/transaction/currency?symbol=BTC%2FUSDT&type=1');
    expect(tradeRoute({ symbol: 'AAPL/USDT', category: 'stock' }, 'sell', '228.50')).toBe('/pages/transaction/index2?symbol=AAPL%2FUSDT&type=2&price=228.50');
    expect(tradeRoute({ symbol: 'BTC/USDT', category: 'crypto' }, 'sell', '67000.00', 'contract'))
      .toBe('/pages/transaction/contract?symbol=BTC%2FUSDT&type=2&price=67000.00');
  });

  test('a visitor\'s buttons go to the login page, which returns to the ticket', async () => {
    renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'BTC/USDT' } }]);
    const back = encodeURIComponent('/pages/transaction/currency?symbol=BTC%2FUSDT&type=1');
    expect(await screen.findByRole('link', { name: 'Buy' })).toHaveAttribute('href', `#/pages/common/login?back=${back}`);
    fireEvent.click(screen.getByRole('link', { name: 'Buy' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith(`/pages/common/login?back=${back}`);
  });

  test('parts: only the book, whose tapped price is offered to the screen under `pick` (a user\'s only)', async () => {
    setUser({ id: 1 } as never);
    renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'BTC/USDT', parts: ['book'], pick: 'bookPrice', levels: 5 } }]);
    const book = await screen.findByRole('heading', { name: 'Order book' });
    expect(screen.queryByTestId('pair-price')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy' })).not.toBeInTheDocument();
    expect((book.closest('.w-book') as HTMLElement).style.getPropertyValue('--levels')).toBe('5');
    act(() => socket.deliver('market_depth', { currency_name: 'BTC', legal_name: 'USDT', bids: [['67000.00', '1']], asks: [['67500.00', '1']] }));
    fireEvent.click(await screen.findByRole('button', { name: /Use price 67,000\.00/ }));
    expect(getPick('bookPrice')?.value).toBe('67000.00');
  });

  test('on the contract screen the badge says contract and the buttons open a long or a short', async () => {
    setUser({ id: 1 } as never);
    renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'BTC/USDT', market: 'contract' } }]);
    expect(await screen.findByRole('link', { name: 'Long' })).toHaveAttribute('href', '#/pages/transaction/contract?symbol=BTC%2FUSDT&type=1');
    expect(screen.getByRole('link', { name: 'Short' })).toHaveAttribute('href', '#/pages/transaction/contract?symbol=BTC%2FUSDT&type=2');
    expect(screen.getByText('Contract')).toHaveClass('w-pair-badge');
  });
});
