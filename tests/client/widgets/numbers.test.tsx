/** Every number a section shows is drawn one way: grouped in the reader's language, in a `<bdi class="num">` that never wraps, signed ones coloured. */
import fs from 'node:fs';
import path from 'node:path';
import { act, screen, waitFor } from '@testing-library/react';
import { api } from './fakeApi';
import { renderScreen } from './helpers';
import { appState, setLanguage } from '../../../src/client/state/store';
import type { Section } from '../../../src/client/runtime/types';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);

beforeEach(() => {
  api.reset();
  api.on('GET /currency/user_currency_list', () => rows);
  localStorage.clear();
  appState.reset();
});

const rows = [
  { name: 'USDT', balance: '3242.114575', decimals: 2, pnl: '520.5' },
  { name: 'BTC', balance: '0.5', decimals: 8, pnl: '-12.25' },
  { name: 'ETH', balance: '0', decimals: 8, pnl: '0' },
];
const records = {
  type: 'records', source: { endpoint: 'GET /currency/user_currency_list' }, paging: 'none',
  item: {
    title: '{{item.name}}', value: '{{item.pnl | signed}} {{item.name}}',
    fields: [{ label: 'assets.available', value: '{{item.balance | amount:item.decimals}}' }],
  },
} as unknown as Section;

const nums = () => [...document.querySelectorAll('bdi.num')] as HTMLElement[];
const num = (text: string) => nums().find((e) => e.textContent === text);

const shown = () => waitFor(() => expect(nums().length).toBeGreaterThan(0));

test('an amount is grouped, cut to its decimals, isolated in <bdi class="num">, with the exact value as its title', async () => {
  renderScreen([records]);
  await shown();
  const usdt = num('3,242.11');
  expect(usdt).toBeDefined();
  expect(usdt!.tagName).toBe('BDI');
  expect(usdt).toHaveAttribute('dir', 'ltr');
  expect(usdt).toHaveAttribute('title', '3,242.114575');
  // Not cut: no title to read.
  expect(num('0.5')).not.toHaveAttribute('title');
  // One rule keeps every such number on one line.
  const css = fs.readFileSync(path.join(__dirname, '../../../src/client/widgets/widgets.css'), 'utf8');
  expect(css).toMatch(/\.num\s*\{[^}]*white-space:\s*nowrap/);
  // The unit stays outside the number, in the same value.
  expect(screen.getByText((_c, el) => el?.tagName === 'BDI' && !el.classList.contains('num') && el.textContent === '+520.5 USDT')).toBeInTheDocument();
});

test('a signed value carries its sign and colour: a gain up, a loss down, zero neither signed nor coloured', async () => {
  renderScreen([records]);
  await shown();
  expect(num('+520.5')).toHaveClass('num', 'up');
  expect(num('-12.25')).toHaveClass('num', 'down');
  const zero = num('0')!;
  expect(zero).toBeDefined();
  expect(zero).not.toHaveClass('up');
  expect(zero).not.toHaveClass('down');
  expect(nums().some((e) => e.textContent === '+0')).toBe(false);
});

test('ru groups with a no-break space and a decimal comma, fa in Persian digits', async () => {
  act(() => setLanguage('ru'));
  const { unmount } = renderScreen([records]);
  await shown();
  expect(num('3\u00a0242,11')).toBeDefined();
  expect(num('-12,25')).toHaveClass('down');
  unmount();
  act(() => setLanguage('fa'));
  renderScreen([records]);
  await shown();
  expect(num('۳٬۲۴۲٫۱۱')).toBeDefined();
  expect(num('+۵۲۰٫۵')).toHaveClass('up');
});
