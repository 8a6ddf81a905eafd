/**
 * The trade screen as a phone app lays it out (issue 23): the ticket beside the order book (`columns`), a
 * price tapped in the book filling the ticket's price (`pick` -> the form's `fill`), − / + steppers on the
 * pair's decimals, a visitor's way to log in and back, and the pair switch keeping a contract a contract.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { fakeSocket } from './fakeSocket';
import { renderScreen, screenFile } from './helpers';
import { serveForms } from '../../support/forms';
import { attachRooms } from '../../../src/client/state/rooms';
import { setPick } from '../../../src/client/state/picks';
import { appState, setUser } from '../../../src/client/state/store';
import { stepped } from '../../../src/client/forms/liveWidgets';
import { routeAfter } from '../../../src/client/forms/SchemaForm';
import { searchRoute } from '../../../src/client/widgets/components/PairDetail';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);
jest.mock('../../../src/client/widgets/components/chart/echarts', () => ({ echarts: {} }));
jest.mock('echarts-for-react/esm/core', () => function FakeECharts() { return <div data-testid="echart" />; });

jest.setTimeout(20_000);
const socket = fakeSocket();
attachRooms(socket as never);

const BTC = {
  id: 1, currency_id: 1, legal_id: 3, currency_name: 'BTC', legal_name: 'USDT', sort: 1, spread: '0', lever_share_num: '0.01', lever_trade_fee: '0.05',
  symbol: 'BTC/USDT', category: 'crypto', now_price: '60000.00',
  open: '59000.00', high: '61000.00', low: '58000.00', volume: '28123.5', change: '1.2', price_decimals: 2, qty_decimals: 4,
};
const PAIRS = [{ symbol: 'BTC/USDT', currency_id: 1, legal_id: 3, category: 'crypto', fee_rate: '0.001', min_amount: '0.0001' }];
const COIN_INFO = {
  symbol: 'BTC/USDT', currency_id: 1, legal_id: 3, base: 'BTC', quote: 'USDT', category: 'crypto', account: 'change', price: '60000',
  price_decimals: 2, qty_decimals: 4, base_decimals: 8, quote_decimals: 2, fee_rate: '0.001', fee_percent: '0.1', min_amount: '0.0001',
  enabled: true, available_base: '0.5', available_quote: '1000', max_amount: '0.0166', total: null, fee: null, receive: null, fee_currency: 'BTC',
};
const BOOK = { currency_name: 'BTC', legal_name: 'USDT', bids: [['59990.50', '1.2'], ['59980.00', '3']], asks: [['60010.25', '0.8'], ['60020.00', '2']] };
const QUERY = { symbol: 'BTC/USDT' };
const priceField = () => screen.getByRole('textbox', { name: /^Price/ });
const amountField = () => screen.getByRole('textbox', { name: /^Amount/ });

beforeEach(() => {
  serveForms(['spot-order', 'contract-order']);
  api.reset();
  jest.clearAllMocks();
  localStorage.clear();
  appState.reset();
  socket.emitted.length = 0;
  window.location.hash = '#/pages/transaction/currency?symbol=BTC%2FUSDT';
  api.on('GET /coin/pairs', () => PAIRS);
  api.on('POST /coin/info', () => COIN_INFO);
  api.on('GET /coin/list', () => []);
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: [BTC] }]);
  api.on('GET /currency/new_timeshar', () => []);
});

async function openSpotAsUser() {
  setUser({ id: 1, email: 'a@example.com', has_pay_password: true } as never);
  renderScreen(screenFile('transaction/currency.json'), QUERY);
  await screen.findByRole('button', { name: 'Buy BTC' }, { timeout: 5000 });
  await screen.findByRole('heading', { name: 'Order book' });
  act(() => socket.deliver('market_depth', BOOK));
  return screen.findByRole('list', { name: 'Buy orders' });
}

/** The contract screen's calls for a funded user with no position. */
function answerContractWithNoPositions(): void {
  api.on('POST /lever/deal', () => ({
    symbol: 'BTC/USDT', currency_id: 1, legal_id: 3, base: 'BTC', quote: 'USDT', enabled: true, price: '60000', price_decimals: 2, lot_size: '0.01',
    max_lots: 100, fee_rate: '0.0005', fee_percent: '0.05', overnight_rate: '0', overnight_percent: '0', maintenance_rate: '0.005',
    user_lever: '500', multiple: { muit: [{ value: 5 }, { value: 10 }] }, my_transaction: [], rate_profits_total: {},
    max_lots_affordable: 4, value: null, margin: null, fee: null, liquidation_price: null,
  }));
  api.on('POST /lever/my_trade', () => ({ message: [] }));
  api.on('POST /lever/dealall', () => ({ rate_profits_total: { profits_total: '0', caution_money: '0', hazard_rate: '0', positions: 0 } }));
}

describe('the spot screen', () => {
  test('the ticket and the order book sit side by side, 60 and 40', async () => {
    await openSpotAsUser();
    const row = document.querySelector('.w-columns__row') as HTMLElement;
    expect(row.style.getPropertyValue('--columns')).toBe('minmax(0, 60fr) minmax(0, 40fr)');
    const [ticket, book] = [...row.children];
    expect(within(ticket as HTMLElement).getByRole('button', { name: 'Buy BTC' })).toHaveClass('f-submit--up');
    expect(within(book as HTMLElement).getByRole('heading', { name: 'Order book' })).toBeInTheDocument();
    // The book keeps the height of its levels from the first paint (7 a side on this screen).
    expect((book.querySelector('.w-book') as HTMLElement).style.getPropertyValue('--levels')).toBe('7');
  });

  test('a tap on a book price fills the ticket\'s price, a limit order, again after the user typed over it', async () => {
    const bids = await openSpotAsUser();
    fireEvent.click(screen.getByRole('radio', { name: 'Market' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Price/ })).not.toBeInTheDocument());
    fireEvent.click(within(bids).getByRole('button', { name: /Use price 59,990\.50/ }));
    expect(await screen.findByRole('textbox', { name: /^Price/ })).toHaveValue('59990.50');
    expect(screen.getByRole('radio', { name: 'Limit' })).toBeChecked();
    await waitFor(() => expect(api.module.request.mock.calls.filter((c) => c[0] === 'POST /coin/info').at(-1)?.[1])
      .toMatchObject({ kind: 'limit', target_price: '59990.50' }));
    fireEvent.change(priceField(), { target: { value: '1' } });
    fireEvent.click(within(bids).getByRole('button', { name: /Use price 59,990\.50/ }));
    await waitFor(() => expect(priceField()).toHaveValue('59990.50'));
    fireEvent.click(within(screen.getByRole('list', { name: 'Sell orders' })).getByRole('button', { name: /Use price 60,010\.25/ }));
    await waitFor(() => expect(priceField()).toHaveValue('60010.25'));
  });

  test('a price picked before the ticket was shown is not put into it', async () => {
    act(() => setPick('bookPrice', '1.00'));
    await openSpotAsUser();
    expect(priceField()).toHaveValue('');
  });

  test('− and + move the price by the pair\'s price decimals from the last price, the amount by its quantity decimals', async () => {
    await openSpotAsUser();
    fireEvent.click(screen.getByRole('button', { name: 'Increase Price' }));
    expect(priceField()).toHaveValue('60000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Increase Price' }));
    expect(priceField()).toHaveValue('60000.01');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Price' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Price' }));
    expect(priceField()).toHaveValue('59999.99');
    fireEvent.click(screen.getByRole('button', { name: 'Increase Amount' }));
    expect(amountField()).toHaveValue('0.0001');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Decrease Amount' }));
    expect(amountField()).toHaveValue('0.0000');
  });

  test('selling says so in red', async () => {
    await openSpotAsUser();
    fireEvent.click(screen.getByRole('radio', { name: 'Sell' }));
    expect(await screen.findByRole('button', { name: 'Sell BTC' })).toHaveClass('f-submit--down');
  });

  test('a visitor sees the book (nothing to pick) beside a way to log in that comes back here', async () => {
    renderScreen(screenFile('transaction/currency.json'), QUERY);
    const login = (await screen.findByText('Log in to trade', {}, { timeout: 5000 })).closest('button') as HTMLButtonElement;
    await screen.findByRole('heading', { name: 'Order book' });
    act(() => socket.deliver('market_depth', BOOK));
    expect(await screen.findByRole('list', { name: 'Buy orders' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Buy orders' })).queryAllByRole('button')).toHaveLength(0);
    fireEvent.click(login);
    await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith(`/pages/common/login?back=${encodeURIComponent('/pages/transaction/currency?symbol=BTC%2FUSDT')}`));
    expect(feedback.toast).not.toHaveBeenCalled();
  });
});

/** `a` comes before `b` in the page. */
const before = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('below the ticket: the chart, then open orders and recent trades under tabs', () => {
  test('a user: the chart under the ticket and the book, then the open orders tab, empty with what to do next', async () => {
    await openSpotAsUser();
    const row = document.querySelector('.w-columns__row') as HTMLElement;
    const chart = await screen.findByRole('region', { name: /BTC\/USDT chart/i });
    const tabs = screen.getByRole('tablist', { name: 'Orders and trades' });
    expect(before(row, chart)).toBe(true);
    expect(before(chart, tabs)).toBe(true);
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Open orders', 'Recent trades']);
    expect(within(tabs).getByRole('tab', { name: 'Open orders' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('No open orders')).toBeInTheDocument();
    expect(within(panel).getByText('Orders you place above show here until they fill or you cancel them.')).toBeInTheDocument();
    expect(within(panel).queryByText('No data')).not.toBeInTheDocument();
    // The recent trades are one tap away, and nothing of them is drawn before.
    expect(screen.queryByRole('heading', { name: 'Recent trades' })).not.toBeInTheDocument();
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Recent trades' }));
    expect(await within(screen.getByRole('tabpanel')).findByRole('heading', { name: 'Recent trades' })).toBeInTheDocument();
    expect(socket.emitted).toContainEqual(['subscribe', 'trades:BTC/USDT']);
  });

  test('a visitor: the recent trades first; the open orders tab says to log in, with the button', async () => {
    renderScreen(screenFile('transaction/currency.json'), QUERY);
    const tabs = await screen.findByRole('tablist', { name: 'Orders and trades' }, { timeout: 5000 });
    expect(within(tabs).getByRole('tab', { name: 'Recent trades' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Open orders' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Log in to see and cancel your open orders.')).toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('link', { name: 'Log in' }));
    await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith(expect.stringMatching(/^\/pages\/common\/login/)));
  });

  test('contract: no positions says so and how to open one', async () => {
    setUser({ id: 1, email: 'a@example.com', has_pay_password: true } as never);
    answerContractWithNoPositions();
    renderScreen(screenFile('transaction/contract.json'), QUERY);
    const tabs = await screen.findByRole('tablist', { name: 'Orders and trades' }, { timeout: 5000 });
    expect(within(tabs).getByRole('tab', { name: 'Positions' })).toHaveAttribute('aria-selected', 'true');
    expect(before(await screen.findByRole('region', { name: /BTC\/USDT chart/i }), tabs)).toBe(true);
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByText('No open positions')).toBeInTheDocument();
    expect(within(panel).getByText('Open a long or short above: your positions show here with their profit and loss.')).toBeInTheDocument();
  });
});

describe('the contract screen', () => {
  test('a tapped price makes a limit order at that price; the pair switch stays on contract', async () => {
    setUser({ id: 1, email: 'a@example.com', has_pay_password: true } as never);
    answerContractWithNoPositions();
    renderScreen(screenFile('transaction/contract.json'), QUERY);
    expect(await screen.findByRole('button', { name: 'Long BTC' })).toHaveClass('f-submit--up');
    expect(screen.getByRole('radio', { name: 'Market' })).toBeChecked();
    act(() => socket.deliver('market_depth', BOOK));
    fireEvent.click(await screen.findByRole('button', { name: /Use price 59,980\.00/ }));
    expect(await screen.findByRole('textbox', { name: /^Price/ })).toHaveValue('59980.00');
    expect(screen.getByRole('radio', { name: 'Limit' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'BTC/USDT, switch pair' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/market/search?mode=contract');
  });

  test('take-profit and stop-loss fold behind "TP / SL", the note sits under the button', async () => {
    setUser({ id: 1, email: 'a@example.com', has_pay_password: true } as never);
    answerContractWithNoPositions();
    const orders: Record<string, unknown>[] = [];
    api.on('POST /lever/submit', (params) => { orders.push(params); return {}; });
    renderScreen(screenFile('transaction/index.json'), { ...QUERY, mode: 'contract' });
    const submit = await screen.findByRole('button', { name: 'Long BTC' });
    expect(screen.queryByRole('textbox', { name: /^Take-profit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Stop-loss/ })).not.toBeInTheDocument();
    const note = screen.getByText(/^Isolated margin: if the price reaches/);
    expect(submit.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'TP / SL' }));
    const takeProfit = await screen.findByRole('textbox', { name: /^Take-profit/ });
    expect(screen.getByRole('textbox', { name: /^Stop-loss/ })).toBeInTheDocument();
    // The fields come before the button, and what is typed in them is sent; the switch itself is not.
    expect(takeProfit.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(takeProfit, { target: { value: '65000' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^Lots/ }), { target: { value: '2' } });
    fireEvent.click(submit);
    await waitFor(() => expect(orders).toHaveLength(1));
    const sent = orders[0];
    expect(sent).toMatchObject({ target_profit_price: '65000', share: '2' });
    expect(sent).not.toHaveProperty('tpsl');
  });

  test('the search opens the chosen pair in the mode it was asked from', () => {
    expect(searchRoute('seconds')).toBe('/pages/market/search?mode=seconds');
    expect(searchRoute('contract')).toBe('/pages/market/search?mode=contract');
    expect(searchRoute('spot')).toBe('/pages/market/search');
    const search = screenFile('market/search.json').sections[0] as { item: { to: string } };
    expect(search.item.to).toBe('/pages/transaction/index?symbol={{item.symbol}}&mode={{query.mode}}');
  });
});

describe('the seconds tab', () => {
  test('the pair switch keeps seconds: the search opens the chosen pair on the seconds tab', async () => {
    renderScreen(screenFile('transaction/index.json'), { ...QUERY, mode: 'seconds' });
    expect(await screen.findByRole('tab', { name: 'Seconds', selected: true })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'BTC/USDT, switch pair' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/market/search?mode=seconds');
    expect(screen.getByText('Seconds', { selector: '.w-pair-badge' })).toBeInTheDocument();
  });
});

describe('steps and the way back after login', () => {
  test('stepped moves by one unit of the last decimal, exactly, never below zero', () => {
    expect(stepped('0.1', 1, true)).toBe('0.2');
    expect(stepped('67250.005', 2, true)).toBe('67250.01');
    expect(stepped('0.00', 2, false)).toBe('0.00');
    expect(stepped('', 2, true, '60000')).toBe('60000.00');
    expect(stepped(undefined, 0, true)).toBe('1');
    expect(stepped('abc', 4, true)).toBe('0.0001');
    expect(stepped('5', 1.5, true)).toBeUndefined();
    expect(stepped('5', 19, true)).toBeUndefined();
  });

  test('login returns to the page of the app it was sent from, never elsewhere', () => {
    const bind = (back: unknown) => (v: unknown) => (v === "{{query.back | default:'/pages/my/index'}}" ? back ?? '/pages/my/index' : v);
    const route = "{{query.back | default:'/pages/my/index'}}";
    expect(routeAfter(route, bind('/pages/transaction/currency?symbol=BTC%2FUSDT&type=1'))).toBe('/pages/transaction/currency?symbol=BTC%2FUSDT&type=1');
    expect(routeAfter(route, bind(undefined))).toBe('/pages/my/index');
    expect(routeAfter(route, bind('https://evil.example/pages/x'))).toBe('/pages/index/index');
    expect(routeAfter(route, bind('/pages/common/login?back=x'))).toBe('/pages/index/index');
    expect(routeAfter('/pages/my/index', bind(undefined))).toBe('/pages/my/index');
    expect(navigation.loginRoute('/pages/transaction/index?mode=contract')).toBe('/pages/common/login?back=%2Fpages%2Ftransaction%2Findex%3Fmode%3Dcontract');
    expect(navigation.loginRoute('/pages/common/login')).toBe('/pages/common/login');
  });
});
