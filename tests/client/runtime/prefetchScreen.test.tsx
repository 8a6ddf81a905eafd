/**
 * A screen's data is asked for with its definition (prefetchScreen), through the real request layer: what is
 * asked, what is not, and that each widget then takes the answer instead of asking again.
 */
import { act, screen } from '@testing-library/react';
import { PREFETCH_TTL_MS, requestByName, setApiBase, swrFetcher } from '../../../src/client/api/request';
import { prefetchScreen } from '../../../src/client/runtime/prefetchScreen';
import type { ListSection, QuotesSection, ScopeSection, TabsSection } from '../../../src/client/runtime/types';
import { connectRequests } from '../../../src/client/shell/connectRequests';
import { appState, setLanguage } from '../../../src/client/state/store';
import { enMessages, englishOutsideReact } from '../../support/renderWithIntl';
import { preloadSections } from '../../../src/client/widgets/registry';
import { renderScreen, screenFile, screenOf } from '../widgets/helpers';

type Call = { url: string; body: Record<string, string> };

let fetchMock: jest.Mock;
let disconnect: () => void;

/** Each request as `GET /api/x?…` or `POST /api/x` with its form fields, `lang` left out. */
function calls(): Call[] {
  return fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => {
    const body = Object.fromEntries(new URLSearchParams(typeof init.body === 'string' ? init.body : ''));
    delete body.lang;
    return { url: `${init.method} ${url.replace(/[?&]lang=en/, '')}`, body };
  });
}

const news = [1, 2].map((id) => ({ id, c_id: 5, title: `Title ${id}`, abstract: '', cover: `/t/${id}.png`, create_time: '2023-11-14T22:13:20.000Z' }));
const quotes = [{ name: 'USDT', quotation: [{ currency_id: 1, currency_name: 'BTC', legal_name: 'USDT', symbol: 'BTC/USDT', now_price: '67250.00', change: '1.50', volume: '100', price_decimals: 2 }] }];

function answer(url: string): unknown {
  if (url.startsWith('/api/news/list')) return { list: news, page: 1, limit: 5, total: 2 };
  if (url.startsWith('/api/currency/quotation_new')) return quotes;
  return null;
}

beforeEach(() => {
  localStorage.clear();
  appState.reset();
  setLanguage('en');
  disconnect = connectRequests();
  setApiBase('/api');
  englishOutsideReact();
  fetchMock = jest.fn(async (url: string) => ({ status: 200, json: async () => ({ type: 'ok', message: answer(url) }) }));
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

afterEach(() => {
  disconnect();
  jest.useRealTimers();
});

const list = (extra: Partial<ListSection>): ListSection => ({
  type: 'list', source: { endpoint: 'POST /news/list', params: { c_id: 1 } }, item: { title: '{{item.title}}' }, ...extra,
});
const quotesTable = (extra: Partial<QuotesSection>): QuotesSection => ({
  type: 'quotes', source: { endpoint: 'POST /news/list', params: { c_id: 1 } }, item: { title: '{{item.title}}' }, ...extra,
});

describe('what a screen asks for ahead', () => {
  test('literal sources drawn for sure: unpaged as they are, a paged list its first page', () => {
    prefetchScreen(screenOf([
      list({ paging: 'none' }),
      list({ source: { endpoint: 'POST /news/list', params: { c_id: 2 } } }),
      list({ source: { endpoint: 'POST /news/list', params: { c_id: 3 } }, limit: 3 }),
    ]), false);
    expect(calls()).toEqual([
      { url: 'POST /api/news/list', body: { c_id: '1' } },
      { url: 'POST /api/news/list', body: { c_id: '2', page: '1', limit: '10' } },
      { url: 'POST /api/news/list', body: { c_id: '3', page: '1', limit: '3' } },
    ]);
  });

  test('not what depends on the scope, a condition, a tab not opened first, or a login the visitor lacks', async () => {
    const tabs = (extra: Partial<TabsSection>): TabsSection => ({
      type: 'tabs', ...extra, tabs: [
        { key: 'a', label: 'home.title', sections: [list({ paging: 'none', source: { endpoint: 'GET /currency/quotation_new' } })] },
        { key: 'b', label: 'home.title', sections: [list({ paging: 'none', source: { endpoint: 'POST /news/list', params: { c_id: 9 } } })] },
      ],
    });
    prefetchScreen(screenOf([
      list({ source: { endpoint: 'POST /news/list', params: { c_id: '{{query.c}}' } } }),
      list({ visibleIf: 'user' }),
      quotesTable({ login: { text: 'home.title' } }),
      tabs({}),
      tabs({ initial: 'b' }),
    ]), false);
    expect(calls()).toEqual([{ url: 'GET /api/currency/quotation_new', body: {} }]);
    await swrFetcher(['GET /currency/quotation_new', {}]); // taken, not asked again
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockClear();
    prefetchScreen(screenOf([list({ paging: 'none', source: { endpoint: 'POST /news/list', params: { c_id: 7 } } })], { auth: true }), false);
    expect(calls()).toEqual([]);
  });

  test('a condition decided by what is known at the opening: a visitor has no user, a logged-in user their record', () => {
    const sections = [
      list({ paging: 'none', visibleIf: '!user', source: { endpoint: 'POST /news/list', params: { c_id: 1 } } }),
      list({ paging: 'none', visibleIf: 'user.email', source: { endpoint: 'POST /news/list', params: { c_id: 2 } } }),
      list({ paging: 'none', visibleIf: 'user && query.x', source: { endpoint: 'POST /news/list', params: { c_id: 3 } } }),
    ];
    prefetchScreen(screenOf(sections), false, { user: null });
    expect(calls()).toEqual([{ url: 'POST /api/news/list', body: { c_id: '1' } }]);
    fetchMock.mockClear();
    prefetchScreen(screenOf(sections), true, { user: { email: 'a@example.com' } });
    expect(calls()).toEqual([{ url: 'POST /api/news/list', body: { c_id: '2' } }]);
    fetchMock.mockClear();
    prefetchScreen(screenOf(sections), true, {}); // logged in, the record not loaded yet: nothing is certain
    expect(calls()).toEqual([]);
  });

  test('inside a scope and its columns, and what every panel of tabs opening on a chosen one asks for', async () => {
    const pairDetail = { type: 'component' as const, name: 'pairDetail', props: { symbol: '{{data.symbol}}' } };
    const news = (c_id: number) => list({ paging: 'none', source: { endpoint: 'POST /news/list', params: { c_id } } });
    prefetchScreen(screenOf([{
      type: 'scope', source: { endpoint: 'GET /coin/pairs' }, find: "item.symbol == 'BTC/USDT'", sections: [
        { type: 'columns', columns: [{ sections: [news(1)] }, { sections: [news(2)] }] },
        { type: 'tabs', initial: '{{query.mode}}', tabs: [
          { key: 'spot', label: 'home.title', sections: [pairDetail, news(3)] },
          { key: 'contract', label: 'home.title', sections: [{ type: 'columns', columns: [{ sections: [pairDetail] }] }, news(4)] },
        ] },
      ],
    } as ScopeSection]), false);
    expect(calls()).toEqual([
      { url: 'GET /api/coin/pairs', body: {} },
      { url: 'POST /api/news/list', body: { c_id: '1' } },
      { url: 'POST /api/news/list', body: { c_id: '2' } },
      { url: 'GET /api/currency/quotation_new', body: {} },
    ]);
    await swrFetcher(['GET /currency/quotation_new', {}]); // taken: the next test asks afresh
  });

  test('a named component: what it asks for first (the pair detail: every quote)', () => {
    prefetchScreen(screenOf([{ type: 'component', name: 'pairDetail', props: { parts: ['chart'] } }]), false);
    expect(calls()).toEqual([{ url: 'GET /api/currency/quotation_new', body: {} }]);
  });

  test('an answer is taken once; one left longer than the TTL is asked for again', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const key = ['POST /news/list', { c_id: 5 }] as const;
    const screenWith = (params: Record<string, unknown>) => screenOf([list({ paging: 'none', source: { endpoint: key[0], params } })]);
    prefetchScreen(screenWith(key[1]), false);
    prefetchScreen(screenWith(key[1]), false); // the same opening asked twice (main.tsx, then the route): one request
    await swrFetcher(key);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await swrFetcher(key);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    prefetchScreen(screenWith(key[1]), false);
    jest.advanceTimersByTime(PREFETCH_TTL_MS + 1);
    await swrFetcher(key);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  test('an answer not taken is dropped when another screen opens, when the same screen opens again, and after a call the user makes', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const a = ['POST /news/list', { c_id: 1 }] as const;
    const b = ['POST /news/list', { c_id: 2 }] as const;
    const screenWith = (key: typeof a | typeof b) => screenOf([list({ paging: 'none', source: { endpoint: key[0], params: key[1] } })]);

    prefetchScreen(screenWith(a), false);
    prefetchScreen(screenWith(b), false);
    await swrFetcher(a); // a's screen was left: asked again
    expect(fetchMock).toHaveBeenCalledTimes(3);

    jest.advanceTimersByTime(2_000);
    prefetchScreen(screenWith(b), false); // b opened again: asked afresh, not the answer of 2 s ago
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await swrFetcher(b);
    expect(fetchMock).toHaveBeenCalledTimes(4);

    prefetchScreen(screenWith(a), false);
    await requestByName('POST /user/real_name', { name: 'Amy' }); // a change the user makes
    await swrFetcher(a);
    expect(fetchMock).toHaveBeenCalledTimes(7);

    // A form's submit shows its own failure (showFailure: false) but is still the user's change.
    prefetchScreen(screenWith(a), false);
    await requestByName('POST /user/profile', { nickname: 'Amy' }, { showFailure: false });
    await swrFetcher(a);
    expect(fetchMock).toHaveBeenCalledTimes(10);
  });
});

describe('the records of scopes, which the screen waits for', () => {
  const scope = (endpoint: ScopeSection['source']['endpoint']): ScopeSection => ({ type: 'scope', source: { endpoint }, sections: [list({ paging: 'none' })] });
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => { done = true; });
    await act(async () => { await Promise.resolve(); });
    return done;
  };

  test('settles once the scope record has arrived, not before; not for other sections', async () => {
    let arrive: (value: unknown) => void = () => undefined;
    fetchMock.mockImplementation((url: string) => (url.startsWith('/api/coin/pairs')
      ? new Promise((resolve) => { arrive = resolve; })
      : Promise.resolve({ status: 200, json: async () => ({ type: 'ok', message: answer(url) }) })));
    const ready = prefetchScreen(screenOf([scope('GET /coin/pairs'), list({ paging: 'none' })]), false);
    expect(await settled(ready)).toBe(false);
    arrive({ status: 200, json: async () => ({ type: 'ok', message: [{ symbol: 'BTC/USDT' }] }) });
    expect(await settled(ready)).toBe(true);
    expect(await settled(prefetchScreen(screenOf([list({ source: { endpoint: 'POST /news/list', params: { c_id: 4 } } })]), false))).toBe(true);
  });

  test('a screen drawn after its scope record arrived shows the record on its first frame, asking nothing again', async () => {
    const definition = screenOf([{ type: 'scope', source: { endpoint: 'POST /news/list', params: { c_id: 1 } }, sections: [{ type: 'actions', buttons: [{ label: 'trade.login_to_trade', action: { type: 'navigate', to: '/pages/common/login' } }] }] }]);
    await Promise.all([prefetchScreen(definition, false), preloadSections(definition)]);
    renderScreen(definition);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: enMessages['trade.login_to_trade'] })).toBeInTheDocument();
    await act(async () => { await Promise.resolve(); });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('a record that fails to arrive lets the screen draw (the scope shows the failure)', async () => {
    fetchMock.mockImplementation(async () => { throw new TypeError('network down'); });
    await expect(prefetchScreen(screenOf([scope('GET /coin/pairs')]), false)).resolves.toBeUndefined();
  });
});

test('the home screen: every request made ahead is the one its widgets make, so nothing is asked twice', async () => {
  const home = screenFile('index/index.json');
  prefetchScreen(home, false);
  await act(async () => { await Promise.resolve(); });
  const ahead = calls();
  expect(ahead.map((c) => c.url)).toEqual(expect.arrayContaining(['POST /api/news/list', 'GET /api/news/index_pop', 'GET /api/currency/quotation_new']));

  renderScreen(home);
  await screen.findAllByRole('link', { name: 'Title 1' });
  await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
  const all = calls();
  expect(all.slice(0, ahead.length)).toEqual(ahead);
  expect(all.slice(ahead.length).filter((later) => ahead.some((c) => JSON.stringify(c) === JSON.stringify(later)))).toEqual([]);
});
