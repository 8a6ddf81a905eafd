/**
 * Live lists (`live` of a list section) on the home market list of screens/index/index.json: ranking tabs
 * (`sort`, `max`), quote rows, live updates from the tickers room by key, the offline notice and the
 * snapshot fetched again after a reconnect; and the room registry under them.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api } from './fakeApi';
import { fakeSocket } from './fakeSocket';
import { renderScreen, sectionOf } from './helpers';
import { sortRows } from '../../../src/client/widgets/list/rows';
import { CALM_RESORT_MS } from '../../../src/client/widgets/list/calmOrder';
import { attachRooms, subscribeRoom } from '../../../src/client/state/rooms';
import { appState } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);

const socket = fakeSocket();
attachRooms(socket as never);

interface Quote { currency_id: number; currency_name: string; legal_name: string; symbol: string; now_price: string; change: string; volume: string; price_decimals: number }
const quote = (id: number, base: string, price: string, change: string, volume: string): Quote => ({
  currency_id: id, currency_name: base, legal_name: 'USDT', symbol: `${base}/USDT`, now_price: price, change, volume, price_decimals: 2,
});
const QUOTES = [
  quote(1, 'BTC', '67250.00', '1.50', '100'),
  quote(2, 'ETH', '3480.50', '-2.25', '1000'),
  quote(3, 'SOL', '152.40', '4.10', '10'),
];
const homeMarket = sectionOf('index/index.json', 'tabs');

beforeEach(() => {
  api.reset();
  appState.reset();
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: QUOTES }]);
});

test('the home tabs rank gainers, losers and volume in the quote currency, at most 10 rows', () => {
  const lists = (homeMarket as { tabs: Array<{ sections: Array<{ sort: { by: string; times?: string; dir: 'asc' | 'desc' }; max: number }> }> }).tabs
    .map((t) => t.sections[0]);
  const names = (i: number) => sortRows(QUOTES, lists[i].sort).map((q) => q.currency_name);
  expect(names(0)).toEqual(['SOL', 'BTC', 'ETH']);
  expect(names(1)).toEqual(['ETH', 'BTC', 'SOL']);
  expect(names(2)).toEqual(['BTC', 'ETH', 'SOL']); // 6.7M, 3.5M, 1.5K
  expect(lists.map((l) => l.max)).toEqual([10, 10, 10]);
});

test('shows the pairs by tab with grouped prices, the fiat value and signed changes', async () => {
  renderScreen([homeMarket]);
  const rows = async () => within(await screen.findByRole('tabpanel')).getAllByRole('listitem').map((li) => li.textContent);
  await screen.findByText('152.40');
  expect(await rows()).toEqual(['SOL/USDT152.40≈ $152.40+4.10%', 'BTC/USDT67,250.00≈ $67,250.00+1.50%', 'ETH/USDT3,480.50≈ $3,480.50-2.25%']);
  expect(screen.getByRole('heading', { name: 'Markets' })).toBeInTheDocument();
  expect(screen.getByText('67,250.00').closest('a')).toHaveAttribute('href', '#/pages/transaction/index?symbol=BTC%2FUSDT');
  expect(document.querySelector('.w-market .w-market-change.is-down')).toHaveTextContent('-2.25%');
  fireEvent.click(screen.getByRole('tab', { name: 'Losers' }));
  expect(screen.getByRole('tab', { name: 'Losers' })).toHaveAttribute('aria-selected', 'true');
  expect((await rows())[0]).toBe('ETH/USDT3,480.50≈ $3,480.50-2.25%');
  fireEvent.click(screen.getByRole('tab', { name: 'Volume' }));
  expect((await rows())[0]).toBe('BTC/USDT67,250.00≈ $67,250.00+1.50%');
  expect(socket.emitted).toContainEqual(['subscribe', 'tickers']);
});

test('the fiat value follows the chosen fiat and is left out in the quote currency itself', async () => {
  appState.set({ fiat: { currency_code: 'EUR', rate: '0.9' } });
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: [QUOTES[0], { ...QUOTES[2], legal_name: 'EUR', symbol: 'SOL/EUR' }] }]);
  renderScreen([homeMarket]);
  // The fiat value is a note under the price; its number is drawn as every number is (<bdi class="num">).
  expect(await screen.findByText((_c, el) => el?.classList.contains('w-row-sub') === true && el.textContent === '≈ €60,525.00')).toBeInTheDocument();
  expect(screen.getByText('152.40').closest('li')).toHaveTextContent(/^SOL\/EUR152\.40\+4\.10%$/);
});

test('live tickers update only the rows whose values changed, once per animation frame', async () => {
  renderScreen([homeMarket]);
  const btc = await screen.findByText('67,250.00');
  const solRow = screen.getByText('152.40').closest('li')!;
  act(() => {
    socket.deliver('tickers', [{ currency_id: 1, now_price: '67280.00', change: '1.50', volume: '100' }]);
    socket.deliver('tickers', [
      { currency_id: 1, now_price: '67300.00', change: '1.57', volume: '101' },
      { currency_id: 3, now_price: '152.40', change: '4.10', volume: '10' },
    ]);
  });
  expect(btc).toHaveTextContent('67,250.00'); // nothing renders before the frame
  await waitFor(() => expect(btc).toHaveTextContent('67,300.00'));
  expect(screen.getByText('152.40').closest('li')).toBe(solRow); // same element: not re-created
  expect(screen.getByText('+1.57%')).toBeInTheDocument();
  // Another tab keeps the live values (one feed per room) and re-ranks by them.
  act(() => { socket.deliver('tickers', [{ currency_id: 2, now_price: '3500.00', change: '9.99', volume: '1000' }]); });
  await screen.findByText('3,500.00');
  fireEvent.click(screen.getByRole('tab', { name: 'Losers' }));
  const first = within(screen.getByRole('tabpanel')).getAllByRole('listitem')[0];
  expect(first).toHaveTextContent('BTC/USDT67,300.00');
  expect(screen.getByText('3,500.00')).toBeInTheDocument();
});

test('a ranking holds its order while values tick, re-sorting every few seconds and never under a finger', async () => {
  jest.useFakeTimers();
  try {
    renderScreen([homeMarket]);
    await screen.findByText('152.40');
    const names = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem').map((li) => li.querySelector('.w-row-title')?.textContent);
    expect(names()).toEqual(['SOL/USDT', 'BTC/USDT', 'ETH/USDT']);
    act(() => { socket.deliver('tickers', [{ currency_id: 2, now_price: '3500.00', change: '9.99', volume: '1000' }]); });
    act(() => { jest.advanceTimersByTime(50); });
    // The new value shows at once, in the row's place.
    expect(screen.getByText('+9.99%')).toBeInTheDocument();
    expect(names()).toEqual(['SOL/USDT', 'BTC/USDT', 'ETH/USDT']);
    // A finger on the list: the order stays however long it rests there, even once the page scrolls under it.
    const list = within(screen.getByRole('tabpanel')).getByRole('list');
    fireEvent.pointerDown(list);
    fireEvent.pointerCancel(list);
    act(() => { jest.advanceTimersByTime(CALM_RESORT_MS * 2); });
    expect(names()).toEqual(['SOL/USDT', 'BTC/USDT', 'ETH/USDT']);
    fireEvent.touchEnd(window);
    act(() => { jest.advanceTimersByTime(CALM_RESORT_MS); });
    expect(names()).toEqual(['ETH/USDT', 'SOL/USDT', 'BTC/USDT']);
  } finally {
    jest.useRealTimers();
  }
});

test('a re-sort orders the rows by the values their cells show at that moment', async () => {
  jest.useFakeTimers();
  try {
    renderScreen([homeMarket]);
    await screen.findByText('152.40');
    const shown = () => within(screen.getByRole('tabpanel')).getAllByRole('listitem')
      .map((li) => [li.querySelector('.w-row-title')?.textContent, li.querySelector('.w-market-change')?.textContent]);
    act(() => { socket.deliver('tickers', [{ currency_id: 2, now_price: '3500.00', change: '9.99', volume: '1000' }]); });
    act(() => { jest.advanceTimersByTime(50); }); // the frame that applies it
    act(() => { jest.advanceTimersByTime(CALM_RESORT_MS); });
    expect(shown()).toEqual([['ETH/USDT', '+9.99%'], ['SOL/USDT', '+4.10%'], ['BTC/USDT', '+1.50%']]);
    act(() => { jest.advanceTimersByTime(CALM_RESORT_MS / 2); });
    act(() => { socket.deliver('tickers', [{ currency_id: 1, now_price: '80000.00', change: '20.00', volume: '100' }]); });
    act(() => { jest.advanceTimersByTime(50); });
    expect(shown()[2]).toEqual(['BTC/USDT', '+20.00%']); // the tick shows at once, in the row's place
    act(() => { jest.advanceTimersByTime(CALM_RESORT_MS); });
    expect(shown()).toEqual([['BTC/USDT', '+20.00%'], ['ETH/USDT', '+9.99%'], ['SOL/USDT', '+4.10%']]);
  } finally {
    jest.useRealTimers();
  }
});

test('a dropped socket shows since when prices are not live; a reconnect fetches the snapshot again', async () => {
  renderScreen([homeMarket]);
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

test('the room is left once the last live list is gone', async () => {
  const { unmount } = renderScreen([homeMarket]);
  await screen.findByText('67,250.00');
  socket.emitted.length = 0;
  unmount();
  await act(async () => { await Promise.resolve(); });
  expect(socket.emitted).toEqual([['unsubscribe', 'tickers']]);
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
