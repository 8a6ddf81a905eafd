import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { FakeIntersectionObserver, deferred, renderScreen } from './helpers';
import { checkedScreen } from '../../support/screens';

jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);

const news = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i, title: `News ${from + i}`, create_time: '2023-11-14T22:13:20.000Z' }));
/** POST /news/list's page: its rows under `list`, which the screens select. */
const page = <T,>(list: T[], pageNo: number, limit: number, total: number) => ({ list, page: pageNo, limit, total });
const listSection = (extra: Record<string, unknown> = {}) => ({
  type: 'list' as const,
  source: { endpoint: 'POST /news/list' as const, params: { c_id: 4 }, select: 'list' },
  item: { title: '{{item.title}}', to: '/pages/common/article?id={{item.id}}' },
  empty: 'faq.empty',
  ...extra,
});

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  FakeIntersectionObserver.instances = [];
});

describe('list widget', () => {
  it('shows a loading state, then the rows', async () => {
    const d = deferred<unknown>();
    api.on('POST /news/list', () => d.promise);
    renderScreen([listSection()]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    await act(async () => d.resolve(page(news(3), 1, 10, 3)));
    expect(await screen.findByText('News 1')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(api.module.request).toHaveBeenCalledWith('POST /news/list', { c_id: 4, page: 1, limit: 10 });
  });

  it('shows the empty text from its message key', async () => {
    api.on('POST /news/list', () => page([], 1, 10, 0));
    renderScreen([listSection()]);
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
  });

  it('shows the empty hint under the empty text', async () => {
    api.on('POST /news/list', () => page([], 1, 10, 0));
    renderScreen([listSection({ empty: 'share.rebates.none', emptyHint: 'share.rebates.none.hint' })]);
    expect(await screen.findByText('No rebates yet')).toBeInTheDocument();
    expect(screen.getByText('Rebates paid for your invitees\' recharges show here, one a day.')).toBeInTheDocument();
  });

  it('shows an error state with a retry button', async () => {
    let fail = true;
    api.on('POST /news/list', () => { if (fail) throw new Error('down'); return page(news(1), 1, 10, 1); });
    renderScreen([listSection()]);
    expect(await screen.findByText('Loading failed')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('News 1')).toBeInTheDocument();
  });

  it("pages with 'load more' until total, then shows no more data", async () => {
    api.on('POST /news/list', (p) => (p.page === 1 ? page(news(10), 1, 10, 12) : page(news(2, 11), 2, 10, 12)));
    renderScreen([listSection()]);
    expect(await screen.findByText('News 10')).toBeInTheDocument();
    expect(screen.queryByText('No more data')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('News 12')).toBeInTheDocument();
    expect(screen.getByText('No more data')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.module.request).toHaveBeenLastCalledWith('POST /news/list', { c_id: 4, page: 2, limit: 10 });
  });

  it('infinite scroll loads the next page when the end comes into view', async () => {
    const original = globalThis.IntersectionObserver;
    globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
    try {
      api.on('POST /news/list', (p) => (p.page === 1 ? page(news(5), 1, 5, 7) : page(news(2, 6), 2, 5, 7)));
      renderScreen([listSection({ paging: 'infinite', limit: 5 })]);
      expect(await screen.findByText('News 5')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
      await waitFor(() => expect(FakeIntersectionObserver.instances.length).toBe(1));
      act(() => FakeIntersectionObserver.trigger());
      expect(await screen.findByText('News 7')).toBeInTheDocument();
      expect(screen.getByText('No more data')).toBeInTheDocument();
    } finally {
      globalThis.IntersectionObserver = original;
    }
  });

  it('a plain array (paging none) renders without paging fields or footer', async () => {
    const list = [{ id: 1, question: 'Why?', answer: '<p style="color:red">Because<script>alert(1)</script></p>' }];
    api.on('GET /faq', () => ({ title: 'FAQ', content: '', list }));
    renderScreen([{ type: 'list', source: { endpoint: 'GET /faq', select: 'list' }, paging: 'none', item: { title: '{{item.question}}', body: '{{item.answer}}' } }]);
    expect(await screen.findByText('Why?')).toBeInTheDocument();
    expect(api.module.request).toHaveBeenCalledWith('GET /faq', {});
    expect(screen.queryByText('No more data')).not.toBeInTheDocument();
    const answer = await screen.findByText('Because');
    expect(answer.getAttribute('style')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });

  it('rows navigate to their bound route', async () => {
    api.on('POST /news/list', () => page(news(1, 9), 1, 10, 1));
    renderScreen([listSection()]);
    fireEvent.click(await screen.findByText('News 9'));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/article?id=9');
  });

  it('strip layout shows the first title as a link, nothing while empty', async () => {
    api.on('POST /news/list', () => page(news(2), 1, 1, 2));
    renderScreen([listSection({ layout: 'strip', paging: 'none', title: 'home.announcements' })]);
    const link = await screen.findByRole('link', { name: 'News 1' });
    expect(link).toHaveAttribute('href', '#/pages/common/article?id=1');
    expect(screen.getByRole('region', { name: 'Announcements' })).toBeInTheDocument();
    expect(feedback.toast).not.toHaveBeenCalled();
  });

  it('strip layout keeps its place while it loads (no shift of what is under it), and goes when there is nothing', async () => {
    const answer = deferred<unknown>();
    api.on('POST /news/list', () => answer.promise);
    const { container } = renderScreen([listSection({ layout: 'strip', paging: 'none', title: 'home.announcements' })]);
    await waitFor(() => expect(container.querySelector('.w-strip[aria-busy="true"]')).toBeInTheDocument());
    await act(async () => { answer.resolve(page([], 1, 1, 0)); });
    await waitFor(() => expect(container.querySelector('.w-strip')).not.toBeInTheDocument());
  });
});

describe('list revalidation', () => {
  it('a call refreshes a paged list of what it changed (the catalogue: changes -> refreshOn)', async () => {
    let title = 'Before';
    api.on('GET /user/wallet/list', () => page([{ id: 1, title }], 1, 10, 1));
    api.on('POST /user/wallet/del', () => 'ok');
    renderScreen([
      listSection({ source: { endpoint: 'GET /user/wallet/list', select: 'list' } }),
      { type: 'actions', buttons: [{ label: 'mine.register', action: { type: 'call', endpoint: 'POST /user/wallet/del', params: { id: 1 } } }] },
    ]);
    expect(await screen.findByText('Before')).toBeInTheDocument();
    title = 'After';
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('After')).toBeInTheDocument();
  });
});

describe('a version 2 list', () => {
  const v2 = (section: Record<string, unknown>) => checkedScreen({ schemaVersion: 2, route: '/pages/test/page', sections: [section] });

  it('with quote rows loads as a quotes table: the same rows, price and change badge', async () => {
    api.on('GET /currency/quotation_new', () => [{ quotation: [{ currency_id: 1, symbol: 'BTC', legal_name: 'USDT', now_price: '65000.5', change: '-1.25' }] }]);
    renderScreen(v2({
      type: 'list', source: { endpoint: 'GET /currency/quotation_new', select: '0.quotation' }, paging: 'none',
      item: { title: '{{item.symbol}}', price: '{{item.now_price}}', priceDecimals: 2, priceCurrency: '{{item.legal_name}}', change: '{{item.change}}' },
    }));
    const row = (await screen.findByText('BTC')).closest('li')!;
    expect(row).toHaveClass('w-quote');
    expect(row.querySelector('.w-market-price')).toHaveTextContent('65,000.50');
    expect(row.querySelector('.w-market-change.is-down')).toHaveTextContent('-1.25%');
  });

  it('with rows of fields loads as records and draws them', async () => {
    api.on('POST /news/list', () => page(news(1), 1, 10, 1));
    renderScreen(v2(listSection({ item: { title: '{{item.title}}', fields: [{ label: 'faq.empty', value: '{{item.id}}' }] } })));
    expect(await screen.findByText('News 1')).toBeInTheDocument();
    expect(screen.getByRole('definition')).toHaveTextContent('1');
    expect(screen.getByRole('term')).toHaveTextContent('No questions yet');
  });
});

describe('records with a search box (the coin pickers of deposit and withdrawal)', () => {
  const COINS = [
    { id: 3, name: 'USDT', subName: 'TRC20', deposit_min: '10' },
    { id: 3, name: 'USDT', subName: 'ERC20', deposit_min: '10' },
    { id: 1, name: 'BTC', subName: 'BTC', deposit_min: '0.0001' },
    { id: 13, name: 'LINK', subName: 'ERC20', deposit_min: '0.1' },
  ];
  const coins = (whenEmpty: 'all' | 'none' = 'all') => ({
    type: 'records' as const,
    source: { endpoint: 'GET /wallet/coins' as const },
    paging: 'none' as const,
    search: { label: 'fund.select.search', placeholder: 'fund.select.search_placeholder', fields: ['name', 'subName'], whenEmpty },
    item: { title: '{{item.name}}', subtitle: '{{item.subName}}', value: '{{item.deposit_min | amount}} {{item.name}}', note: 'fund.receive.minimum' },
    empty: 'fund.select.empty',
  });

  it('lists every coin until something is typed, then the matching ones (by name or network), and says when none matches', async () => {
    api.on('GET /wallet/coins', () => COINS);
    renderScreen([coins()] as never);
    const box = await screen.findByRole('searchbox', { name: 'Search coins' });
    expect(box).toHaveAttribute('placeholder', 'Coin or network, e.g. USDT');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
    // The minimum names its coin.
    expect(screen.getAllByRole('listitem')[2]).toHaveTextContent('0.0001 BTC');
    fireEvent.change(box, { target: { value: 'usdt' } });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('TRC20'), expect.stringContaining('ERC20')]);
    fireEvent.change(box, { target: { value: 'erc' } });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent?.slice(0, 4)).sort()).toEqual(['LINK', 'USDT']);
    fireEvent.change(box, { target: { value: 'doge' } });
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText(/doge/)).toBeInTheDocument();
  });

  it('with whenEmpty none shows no rows until something is typed', async () => {
    api.on('GET /wallet/coins', () => COINS);
    renderScreen([coins('none')] as never);
    const box = await screen.findByRole('searchbox', { name: 'Search coins' });
    await waitFor(() => expect(api.module.request).toHaveBeenCalled());
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'btc' } });
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
  });
});
