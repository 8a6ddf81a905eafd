/**
 * The home screen and the shell render with the core part of the messages alone (the rest loads after
 * the first screen): every text they show must have a core prefix (shared/i18n/catalogues).
 */
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { ROUTER_FUTURE } from '../../../src/client/shell/App';
import en from '../../../i18n/en.json';
import { messagePart } from '../../../src/shared/i18n/catalogues';
import { screenFile } from '../../support/screens';
import { TabBar } from '../../../src/client/shell/TabBar';
import { ServiceButton } from '../../../src/client/shell/ServiceButton';
import { api } from '../widgets/fakeApi';
import { renderScreen } from '../widgets/helpers';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);

const core = Object.fromEntries(Object.entries(en as Record<string, string>).filter(([key]) => messagePart(key) === 'core'));
const home = screenFile('index/index.json');
const news = [1, 2].map((id) => ({ id, c_id: 5, title: `Title ${id}`, abstract: '', cover: `/t/${id}.png`, create_time: '2023-11-14T22:13:20.000Z' }));

beforeEach(() => {
  api.reset();
  api.on('POST /news/list', (p) => ({ list: news, page: 1, limit: Number(p.limit ?? 10), total: 2 }));
  api.on('GET /news/index_pop', () => ({ id: 1, c_id: 4, title: 'Welcome', abstract: 'Hello', cover: '', content: '<p>Hi</p>', create_time: '2023-11-14T22:13:20.000Z' }));
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: [{
    currency_id: 1, currency_name: 'BTC', legal_name: 'USDT', symbol: 'BTC/USDT', now_price: '67250.00', change: '1.50', volume: '100', price_decimals: 2,
  }] }]);
});

test('the core part is a small share of the catalogue', () => {
  expect(Object.keys(core).length).toBeLessThan(Object.keys(en).length / 3);
});

test('home renders with the core messages alone (a missing text throws)', async () => {
  renderScreen(home, {}, core);
  await screen.findAllByRole('link', { name: 'Title 1' });
  await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
  expect(screen.getByRole('link', { name: 'Deposit' })).toBeInTheDocument();
});

test('the tab bar and the service button render with the core messages alone', () => {
  render(
    <IntlProvider locale="en" messages={core} onError={(err) => { throw err; }}>
      <MemoryRouter future={ROUTER_FUTURE}><TabBar active="home" /><ServiceButton withTabBar /></MemoryRouter>
    </IntlProvider>,
  );
  expect(screen.getByRole('link', { name: 'Assets' })).toBeInTheDocument();
});
