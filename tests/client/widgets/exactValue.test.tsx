/**
 * A number cut to its decimals shows its exact value on a tap: it is a button (named with both values), and
 * one listener of the app (shell/ExactValue.tsx) draws the bubble beside it, closed by a tap elsewhere,
 * Escape or a few seconds.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api } from './fakeApi';
import { fakeSocket } from './fakeSocket';
import { checkedScreen, renderScreen, renderWithProviders } from './helpers';
import { RuntimeProvider } from '../../../src/client/runtime/context';
import { attachRooms } from '../../../src/client/state/rooms';
import RecentTrades from '../../../src/client/widgets/components/RecentTrades';
import { appState } from '../../../src/client/state/store';
import { EXACT_VALUE_MS, ExactValue } from '../../../src/client/shell/ExactValue';
import { InControl, Num } from '../../../src/client/widgets/parts';
import { sameNumber } from '../../../src/shared/format';
import { renderWithIntl } from '../../support/renderWithIntl';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);

const socket = fakeSocket();
attachRooms(socket as never);

const balances = [
  { name: 'USDT', balance: '3242.114575', decimals: 2 },
  { name: 'BTC', balance: '0.5', decimals: 8 },
];
const [records] = checkedScreen({ schemaVersion: 3, route: '/pages/test/page', sections: [{
  type: 'records', source: { endpoint: 'GET /currency/user_currency_list' }, paging: 'none',
  item: { title: '{{item.name}}', fields: [{ label: 'assets.available', value: '{{item.balance | amount:item.decimals}}' }] },
}] }).sections;

beforeEach(() => {
  api.reset();
  api.on('GET /currency/user_currency_list', () => balances);
  appState.reset();
});
afterEach(() => {
  jest.useRealTimers();
  document.documentElement.removeAttribute('dir');
});

async function showBalances() {
  renderScreen([records]);
  render(<ExactValue />);
  return screen.findByRole('button', { name: '3,242.11, exact value 3,242.114575' });
}
const bubble = () => screen.queryByRole('tooltip');

test('only a rounded number is a button, named with the value shown and the exact one', async () => {
  const usdt = await showBalances();
  expect(usdt).toHaveTextContent(/^3,242\.11$/);
  expect(usdt).toHaveAttribute('tabindex', '0');
  const btc = screen.getByText('0.5');
  expect(btc).toHaveClass('num');
  expect(btc).not.toHaveAttribute('role');
  fireEvent.click(btc);
  expect(bubble()).toBeNull();
});

test('a tap shows the exact value; a tap elsewhere closes it, as does a second tap on the number', async () => {
  const usdt = await showBalances();
  fireEvent.click(usdt);
  expect(bubble()).toHaveTextContent('3,242.114575');
  fireEvent.click(document.body);
  expect(bubble()).toBeNull();
  fireEvent.click(usdt);
  expect(bubble()).not.toBeNull();
  fireEvent.click(usdt);
  expect(bubble()).toBeNull();
});

test('the bubble closes by itself after a few seconds, and on Escape; Enter opens it from the keyboard', async () => {
  const usdt = await showBalances();
  jest.useFakeTimers();
  fireEvent.click(usdt);
  act(() => { jest.advanceTimersByTime(EXACT_VALUE_MS - 1); });
  expect(bubble()).not.toBeNull();
  act(() => { jest.advanceTimersByTime(1); });
  expect(bubble()).toBeNull();
  usdt.focus();
  fireEvent.keyDown(usdt, { key: 'Enter' });
  expect(bubble()).toHaveTextContent('3,242.114575');
  fireEvent.keyDown(document.body, { key: 'Escape' });
  expect(bubble()).toBeNull();
});

test('right to left, the exact value reads left to right and the bubble stays inside the screen', async () => {
  document.documentElement.setAttribute('dir', 'rtl');
  const usdt = await showBalances();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
  usdt.getBoundingClientRect = () => ({ left: 350, right: 380, width: 30, top: 300, bottom: 320, height: 20, x: 350, y: 300, toJSON: () => ({}) });
  const width = jest.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(120);
  const height = jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(36);
  try {
    fireEvent.click(usdt);
    const box = bubble()!;
    expect(box.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    // Centred on the number would cross the right edge: pulled in to 8 px from it, above the number.
    expect(box.style.left).toBe(`${390 - 8 - 120}px`);
    expect(box.style.top).toBe(`${300 - 8 - 36}px`);
  } finally {
    width.mockRestore();
    height.mockRestore();
  }
});

test('a rounded number inside a link or button leaves the tap to it', async () => {
  render(<><a href="#/x"><bdi className="num" data-exact="1.23456">1.23</bdi></a><ExactValue /></>);
  fireEvent.click(screen.getByText('1.23'));
  await waitFor(() => expect(bubble()).toBeNull());
});

test('a number only padded with zeros is not rounded: no exact value, no button (in every locale\'s writing)', () => {
  expect(sameNumber('1.0000', '1', 'en')).toBe(true);
  expect(sameNumber('3,242.10', '3,242.1', 'en')).toBe(true);
  expect(sameNumber('3,242.11', '3,242.114575', 'en')).toBe(false);
  expect(sameNumber('12.34K', '12,345.678', 'en')).toBe(false);
  expect(sameNumber('1\u00a0234,500', '1\u00a0234,5', 'ru')).toBe(true);
  expect(sameNumber('۱٬۰۰۰٫۰۰', '۱٬۰۰۰', 'fa')).toBe(true);
  expect(sameNumber('۱۰۰', '۱', 'fa')).toBe(false);
  renderWithIntl(<><Num value="1.0000" exact="1" /><Num value="1.2K" exact="1,234" /></>);
  expect(screen.getByText('1.0000')).not.toHaveAttribute('role');
  expect(screen.getByText('1.0000')).not.toHaveAttribute('title');
  expect(screen.getByRole('button', { name: '1.2K, exact value 1,234' })).toBeInTheDocument();
});

test('the rule (docs/numbers.md): marked only when the digits shown drop significant digits of the exact value', () => {
  renderWithIntl(<>
    <Num value="0.0123" exact="0.012345" />
    <Num value="0.5000" exact="0.5" />
    <Num value="67,250.00" exact="67,250" />
    <Num value="28.12K" exact="28,123.4" />
    <Num value="42" />
  </>);
  // Digits dropped: a button naming both values, dotted (is-rounded).
  expect(screen.getByRole('button', { name: '0.0123, exact value 0.012345' })).toHaveClass('is-rounded');
  expect(screen.getByRole('button', { name: '28.12K, exact value 28,123.4' })).toHaveAttribute('data-exact', '28,123.4');
  // Only zeros added, or no exact value given: a plain number.
  for (const shown of ['0.5000', '67,250.00', '42']) {
    expect(screen.getByText(shown)).not.toHaveClass('is-rounded');
    expect(screen.getByText(shown)).not.toHaveAttribute('data-exact');
  }
  expect(screen.getAllByRole('button')).toHaveLength(2);
});

test('a dense live list never marks a number: recent trades show amounts compact, unmarked (the book: marketNumbers.test)', () => {
  renderWithProviders(<RuntimeProvider query={{}} params={{}}><RecentTrades symbol="BTC/USDT" priceDecimals={2} /></RuntimeProvider>);
  act(() => socket.deliver('market_trades', { currency_name: 'BTC', legal_name: 'USDT', trades: [{ time: 1, price: '67250.00', amount: '0.012345', side: 'buy' }] }));
  expect(screen.getByText('0.0123')).not.toHaveAttribute('data-exact');
  expect(document.querySelector('.w-trades .is-rounded, .w-trades [data-exact]')).toBeNull();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});

test('inside a control (a tappable order book level), a rounded number keeps only its title', () => {
  renderWithIntl(<button type="button"><InControl.Provider value><Num value="1.2K" exact="1,234" /></InControl.Provider></button>);
  expect(screen.getByText('1.2K')).toHaveAttribute('title', '1,234');
  expect(screen.getAllByRole('button')).toHaveLength(1);
});
