/**
 * Every real screen file renders through the runtime against a fake API, with every text found in
 * en.json (the IntlProvider of the helpers throws on a missing message).
 */
import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, feedback, navigation } from '../widgets/fakeApi';
import { renderScreen } from '../widgets/helpers';
import { screenFile } from '../../support/screens';
import { setKnownRoutes } from '../../../src/client/platform/routes';
import { appState, setToken, setUser, type User } from '../../../src/client/state/store';
import { serveForms } from '../../support/forms';
import type { MenuRow } from '../../../src/shared/config/content';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);



const news = [1, 2].map((id) => ({ id, c_id: 5, title: `Title ${id}`, abstract: '', cover: `/t/${id}.png`, create_time: '2023-11-14T22:13:20.000Z' }));
const user = { id: 9, account_number: 'amy@example.com', email: 'amy@example.com', nickname: 'Amy', head_portrait: '/u/a.png' } as unknown as User;
/** GET /menu as the server answers it from content/menu.json. */
const MENU = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../content/menu.json'), 'utf8')) as { menu: MenuRow[] }).menu;
const menu = () => MENU.map((m, i) => ({ id: i + 1, title: m.title, url: m.url, icon: m.icon, is_financial: m.financial ? 1 : 0 }));

const formNames = fs.readdirSync(path.resolve(__dirname, '../../../schemas')).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json')).map((f) => f.replace(/\.json$/, ''));

beforeEach(() => {
  serveForms(formNames);
  api.reset();
  jest.clearAllMocks();
  localStorage.clear();
  appState.reset();
  api.on('POST /news/list', (p) => ({ list: news, page: 1, limit: Number(p.limit ?? 10), total: 2 }));
  api.on('POST /news/detail', (p) => ({ ...news[0], id: Number(p.id), content: '<p>Article body</p>' }));
  api.on('GET /faq', () => ({
    title: 'FAQ', content: '<h3>How do I deposit?</h3><p>Like this</p>', list: [{ id: 1, question: 'How do I deposit?', answer: '<p>Like this</p>' }],
  }));
  for (const e of ['GET /aboutus', 'GET /contactus', 'GET /operational_compliance']) api.on(e, () => ({ title: `Page ${e}`, content: '<p>Text</p>' }));
  api.on('GET /news/index_pop', () => null);
  api.on('GET /menu', menu);
  api.on('GET /area_code', () => [{ id: 1, name: 'United States', area_code: '+1', iso: 'US', local_name: 'United States' }]);
  api.on('GET /user/info', () => user);
  api.on('GET /currency/quotation_new', () => [{ name: 'USDT', quotation: [{
    currency_id: 1, currency_name: 'BTC', legal_name: 'USDT', symbol: 'BTC/USDT', now_price: '67250.00', change: '1.50', volume: '100', price_decimals: 2,
  }] }]);
});

const files = ['common/login.json', 'common/register.json', 'common/forget.json', 'common/area.json', 'index/index.json',
  'my/index.json', 'common/faq.json', 'common/aboutus.json', 'common/contactus.json', 'setting/operational_compliance.json',
  'common/article.json', 'common/webView.json', 'mailMessage/ggList.json', 'mailMessage/ggDetail.json'];

describe('the screens of this issue render', () => {
  it.each(files)('%s', async (rel) => {
    const def = screenFile(rel);
    const { container } = renderScreen(def, { id: '1', url: 'https://example.com' });
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    expect(container.querySelector('.screen')).not.toBeNull();
    expect(screen.queryByText('Loading failed')).not.toBeInTheDocument();
  });

  it('home: banner, announcement strip and 21 of the 22 shortcuts, each a link', async () => {
    renderScreen(screenFile('index/index.json'));
    const links = await screen.findAllByRole('link', { name: 'Title 1' }); // banner slide and announcement strip
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['#/pages/common/article?id=1', '#/pages/mailMessage/ggDetail?id=1']);
    expect(screen.getByRole('link', { name: 'More Announcements' })).toHaveAttribute('href', '#/pages/mailMessage/ggList');
    expect(api.module.request).toHaveBeenCalledWith('POST /news/list', { c_id: 5, page: 1, limit: 5 });
    expect(api.module.request).toHaveBeenCalledWith('POST /news/list', { c_id: 4, page: 1, limit: 1 });
    const shortcuts = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(shortcuts).toHaveLength(21); // options stay hidden until seconds trading exists
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '#/pages/fund/select?type=receive');
    expect(screen.getByRole('link', { name: 'NFT' })).toHaveAttribute('href', '#/pages/nft/nft');
  });

  it('home hides the shortcuts whose screen does not exist yet', async () => {
    setKnownRoutes(['/pages/index/index', '/pages/nft/nft', '/pages/common/article']);
    try {
      renderScreen(screenFile('index/index.json'));
      await screen.findAllByRole('link', { name: 'Title 1' });
      expect(screen.getByRole('link', { name: 'NFT' })).toBeInTheDocument();
      expect(screen.queryByText('Deposit')).not.toBeInTheDocument();
    } finally {
      setKnownRoutes(null);
    }
  });

  it("mine for a visitor: log in button, the operator's menu with pickers; no logout", async () => {
    renderScreen(screenFile('my/index.json'));
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/login');
    expect(await screen.findByRole('button', { name: /Language/ })).toHaveTextContent('English');
    expect(await screen.findByRole('button', { name: /Default fiat currency/ })).toHaveTextContent('USD');
    for (const name of [/FAQ/, /About us/, /Contact us/, /Compliance/, /Security settings/, /Wallet addresses/, /Bank cards/, /Identity verification/]) {
      expect(screen.getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: /Security settings/ })).toHaveAttribute('href', '#/pages/setting/security');
    expect(screen.queryByText('Personal information')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(api.module.request).not.toHaveBeenCalledWith('GET /user/info', expect.anything());
  });

  it("mine shows the menu rows whose screen exists, in the operator's order", async () => {
    setKnownRoutes(['/pages/my/index', '/pages/setting/security', '/pages/common/faq']);
    try {
      renderScreen(screenFile('my/index.json'));
      await screen.findByRole('link', { name: /Security settings/ });
      const rows = within(screen.getByRole('navigation')).getAllByRole('listitem').map((li) => li.textContent);
      expect(rows).toEqual(['Security settings', 'Default fiat currencyUSD', 'LanguageEnglish', 'FAQ']);
    } finally {
      setKnownRoutes(null);
    }
  });

  it('mine for a user: avatar and nickname from GET /user/info, logout after confirming', async () => {
    setToken('tok');
    setUser(user);
    api.on('GET /user/logout', () => 'ok');
    renderScreen(screenFile('my/index.json'));
    expect(await screen.findByRole('heading', { name: 'Amy' })).toBeInTheDocument();
    expect(screen.getByText('amy@example.com')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Personal information/ })).toHaveAttribute('href', '#/pages/setting/userInfo');
    feedback.confirmDialog.mockResolvedValueOnce(false);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalledWith({ message: 'Are you sure you want to log out?', confirmText: 'Log out', cancelText: 'Stay logged in' }));
    expect(appState.get().token).toBe('tok');
    feedback.confirmDialog.mockResolvedValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(appState.get().token).toBe(''));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/login');
  });

  it('article without ?id= says so and does not call the API', () => {
    renderScreen(screenFile('common/article.json'), {});
    expect(screen.getByText('This article does not exist')).toBeInTheDocument();
    expect(api.module.request).not.toHaveBeenCalled();
  });

  it('FAQ answers expand from rows', async () => {
    renderScreen(screenFile('common/faq.json'));
    expect(await screen.findByText('How do I deposit?')).toBeInTheDocument();
    expect(await screen.findByText('Like this')).toBeInTheDocument();
  });
});

describe('accessibility (axe-core, jsdom)', () => {
  const axe = require('axe-core') as typeof import('axe-core');
  // jsdom has no canvas; axe only uses it for an icon-ligature heuristic.
  beforeAll(() => { jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null); });

  it.each(files)('%s has no axe violations', async (rel) => {
    const { container } = renderScreen(screenFile(rel), { id: '1' });
    await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('my/index.json for a logged-in user has no axe violations', async () => {
    setToken('tok');
    setUser(user);
    const { container } = renderScreen(screenFile('my/index.json'));
    await screen.findByRole('heading', { name: 'Amy' });
    const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });
});
