/**
 * What a tick redraws in the home market list (issue 23, main-thread time): nothing. The live cells of the rows it
 * changed write their new texts themselves (QuoteRow, state/live.ts useLiveRow); the rows' links (Activator) are
 * held while their route is the same.
 */
import { act, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { api } from './fakeApi';
import { fakeSocket } from './fakeSocket';
import { renderScreen, sectionOf } from './helpers';
import { attachRooms } from '../../../src/client/state/rooms';
import { appState } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);

/** Every drawing of a row's link, by the pair it links to. */
const linkRenders: string[] = [];
/** Renders of components reading the locale (a row's live cells among them). */
let localeReads = 0;
jest.mock('../../../src/client/widgets/parts', () => {
  const actual = jest.requireActual('../../../src/client/widgets/parts');
  return {
    ...actual,
    useLocale: () => { localeReads++; return actual.useLocale(); },
    Activator: (props: ComponentProps<typeof actual.Activator>) => {
      linkRenders.push(String((props.item as { symbol?: string } | undefined)?.symbol));
      return actual.Activator(props);
    },
  };
});

const socket = fakeSocket();
attachRooms(socket as never);

const quote = (id: number, base: string, price: string, change: string) => ({
  currency_id: id, currency_name: base, legal_name: 'USDT', symbol: `${base}/USDT`, now_price: price, change, volume: '100', price_decimals: 2,
});

beforeEach(() => {
  api.reset();
  appState.reset();
  linkRenders.length = 0;
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: [quote(1, 'BTC', '67250.00', '1.50'), quote(2, 'ETH', '3480.50', '-2.25')] }]);
});

test('a tick redraws the changed cells, not the links of the rows', async () => {
  renderScreen([sectionOf('index/index.json', 'tabs')]);
  const btc = await screen.findByText('67,250.00');
  expect(linkRenders).toEqual(expect.arrayContaining(['BTC/USDT', 'ETH/USDT']));
  linkRenders.length = 0;

  act(() => { socket.deliver('tickers', [{ currency_id: 1, now_price: '67300.00', change: '1.57' }]); });
  await waitFor(() => expect(btc).toHaveTextContent('67,300.00'));
  expect(screen.getByText('+1.57%')).toBeInTheDocument();
  expect(btc.closest('a')).toHaveAttribute('href', '#/pages/transaction/index?symbol=BTC%2FUSDT');
  expect(linkRenders).toEqual([]);
});

test('a tick writes the cells in place, in the locale, with no render', async () => {
  appState.set({ lang: 'fa' });
  renderScreen([sectionOf('index/index.json', 'tabs')]);
  const btc = await screen.findByText('۶۷٬۲۵۰٫۰۰');
  const badge = screen.getByText('+۱٫۵۰%').parentElement!;
  expect(badge).toHaveClass('is-up');
  localeReads = 0;
  linkRenders.length = 0;

  act(() => { socket.deliver('tickers', [{ currency_id: 1, now_price: '67000.10', change: '-0.40' }]); });
  await waitFor(() => expect(btc).toHaveTextContent('۶۷٬۰۰۰٫۱۰'));
  expect(badge).toHaveTextContent('-۰٫۴۰%');
  expect(badge).toHaveClass('w-market-change is-down');
  expect(localeReads).toBe(0);
  expect(linkRenders).toEqual([]);
});
