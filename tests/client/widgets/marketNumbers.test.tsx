/**
 * The market side draws its numbers as every number is drawn (issue 23): quote rows, the pair detail and the
 * order book put price, change and volume in `<bdi class="num" dir="ltr">`, grouped in the reader's language
 * (en, ru, fa), the change signed and coloured (and zero neither).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { api } from './fakeApi';
import { fakeSocket } from './fakeSocket';
import { renderScreen, sectionOf } from './helpers';
import { attachRooms } from '../../../src/client/state/rooms';
import { appState, setLanguage } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);
jest.mock('../../../src/client/widgets/components/chart/echarts', () => ({ echarts: {} }));
jest.mock('echarts-for-react/esm/core', () => function FakeECharts() { return <div data-testid="echart" />; });

const socket = fakeSocket();
attachRooms(socket as never);

const quote = (id: number, base: string, price: string, change: string) => ({
  id, currency_id: id, legal_id: 3, currency_name: base, legal_name: 'USDT', symbol: `${base}/USDT`, category: 'crypto', now_price: price,
  open: '66000.00', high: '68000.00', low: '65000.00', volume: '28123.5', change, price_decimals: 2, qty_decimals: 6,
});
const QUOTES = [quote(1, 'BTC', '67250.00', '1.89'), quote(2, 'ETH', '3480.50', '-2.25'), quote(3, 'SOL', '152.40', '0')];
const BOOK = { currency_name: 'BTC', legal_name: 'USDT', bids: [['67000.00', '1.5']], asks: [['67500.50', '12345.678']] };

const nums = () => [...document.querySelectorAll('bdi.num')] as HTMLElement[];
const num = (text: string) => nums().find((e) => e.textContent === text);
const search = sectionOf('market/search.json', 'quotes');

beforeEach(() => {
  api.reset();
  appState.reset();
  localStorage.clear();
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: QUOTES }]);
  api.on('GET /currency/new_timeshar', () => []);
});

const LOCALES = [
  { lang: 'en', price: '67,250.00', up: '+1.89%', down: '-2.25%', zero: '0.00%', volume: '28.12K', high: '68,000.00', bid: '67,000.00', ask: '67,500.50', qty: '12.34K' },
  { lang: 'ru', price: '67\u00a0250,00', up: '+1,89%', down: '-2,25%', zero: '0,00%', volume: '28,12K', high: '68\u00a0000,00', bid: '67\u00a0000,00', ask: '67\u00a0500,50', qty: '12,34K' },
  { lang: 'fa', price: '۶۷٬۲۵۰٫۰۰', up: '+۱٫۸۹%', down: '-۲٫۲۵%', zero: '۰٫۰۰%', volume: '۲۸٫۱۲K', high: '۶۸٬۰۰۰٫۰۰', bid: '۶۷٬۰۰۰٫۰۰', ask: '۶۷٬۵۰۰٫۵۰', qty: '۱۲٫۳۴K' },
] as const;

describe.each(LOCALES)('in $lang', (l) => {
  beforeEach(() => { act(() => setLanguage(l.lang)); });

  test('a quote row: price and change in <bdi class="num">, the change badge by its sign', async () => {
    renderScreen([search]);
    await waitFor(() => expect(num(l.price)).toBeDefined());
    const price = num(l.price)!;
    expect(price).toHaveAttribute('dir', 'ltr');
    expect(price.closest('.w-market-price')).not.toBeNull();
    expect(num(l.up)!.closest('.w-market-change')).toHaveClass('is-up');
    expect(num(l.down)!.closest('.w-market-change')).toHaveClass('is-down');
    // No change is neither a gain nor a loss.
    expect(num(l.zero)!.closest('.w-market-change')).toHaveClass('is-zero');
    // The price and its fiat value are one value block of the row (rowParts' RowValue).
    expect(price.closest('.w-row-value')!.querySelectorAll('.w-row-sub bdi.num')).toHaveLength(1);
  });

  test('the pair detail and its order book: price, signed change, statistics, volume, book price and amount', async () => {
    renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'BTC/USDT', parts: ['summary', 'book'] } }]);
    await waitFor(() => expect(screen.getByTestId('pair-price')).toBeInTheDocument());
    expect(screen.getByTestId('pair-price').querySelector('bdi.num')?.textContent).toBe(l.price);
    expect(num(l.up)).toHaveClass('num', 'up');
    expect(num(l.high)!.closest('dd')).not.toBeNull();
    expect(num(l.volume)!.closest('dd')).not.toBeNull();
    act(() => socket.deliver('market_depth', BOOK));
    await waitFor(() => expect(num(l.bid)).toBeDefined());
    expect(num(l.bid)!.closest('.w-book-price')).not.toBeNull();
    expect(num(l.ask)!.closest('.w-book-price')).not.toBeNull();
    // The amount is shortened and, in this dense live list, not marked as rounded (docs/numbers.md).
    expect(num(l.qty)!.closest('.w-book-qty')).not.toBeNull();
    expect(num(l.qty)).not.toHaveAttribute('data-exact');
    expect(num(l.qty)).not.toHaveAttribute('title');
    // The last price between the sides.
    expect(document.querySelector('.w-book-last bdi.num')?.textContent).toBe(l.price);
  });
});

test('a falling pair shows its change as a loss in the pair detail', async () => {
  act(() => setLanguage('en'));
  renderScreen([{ type: 'component', name: 'pairDetail', props: { symbol: 'ETH/USDT', parts: ['summary'] } }]);
  await waitFor(() => expect(num('-2.25%')).toBeDefined());
  expect(num('-2.25%')).toHaveClass('num', 'down');
  expect(screen.getByTestId('pair-price').querySelector('bdi.num')).toHaveTextContent('3,480.50');
});
