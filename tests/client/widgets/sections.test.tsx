import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, feedback, navigation } from './fakeApi';
import { deferred, renderScreen, screenFile, sectionOf } from './helpers';
import { appState, applyDocumentLanguage, setToken, setUser, type User } from '../../../src/client/state/store';
import { getApp, getManifest, resetConfiguration } from '../../../src/client/platform/configuration';
import { setUserTheme } from '../../../src/client/platform/appConfig';
import { SECTION_TYPES, sectionEntry } from '../../../src/client/widgets/registry';
import type { MenuSection } from '../../../src/client/runtime/types';
import type { SheetItem } from '../../../src/client/platform/feedback';
import { migrateScreen } from '../../../src/shared/screens/migrate';
import { onRevalidate } from '../../../src/client/state/revalidate';
import { loadUser } from '../../../src/client/shell/launch';
import { SECTIONS } from '../../../src/shared/sections';


/** The items of the first action sheet the screen opened (the language picker's are all labelled rows). */
const sheetItems = () => feedback.actionSheet.mock.calls[0][0].items as Array<Exclude<SheetItem, string>>;
jest.mock('../../../src/client/api/request', () => require('./fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('./fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('./fakeApi').navigation);


beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  localStorage.clear();
  appState.reset();
});

describe('registry', () => {
  it('has every section type, each ready once preloaded (the setup preloads them all)', () => {
    expect([...SECTION_TYPES].sort()).toEqual(['actions', 'banner', 'columns', 'component', 'countdown', 'detail', 'empty', 'figures', 'form', 'frame', 'gate', 'grid', 'header', 'html', 'list', 'menu', 'popup', 'qr', 'quotes', 'records', 'scope', 'summary', 'tabs'].sort());
    expect([...SECTION_TYPES].sort()).toEqual(SECTIONS.map((s) => s.type).sort()); // a widget for every section type of src/shared/sections
    for (const t of SECTION_TYPES) expect(sectionEntry(t)?.lazy).toBe(false);
    expect(sectionEntry('mneu')).toBeUndefined();
  });
});

describe('visibleIf', () => {
  it('shows sections for visitors or users', () => {
    renderScreen([
      { type: 'empty', visibleIf: '!user', text: 'mine.login' },
      { type: 'empty', visibleIf: 'user', text: 'mine.logout' },
    ]);
    expect(screen.getByText('Log in')).toBeInTheDocument();
    expect(screen.queryByText('Log out')).not.toBeInTheDocument();
    act(() => setUser({ id: 1, nickname: 'amy' } as User));
    expect(screen.getByText('Log out')).toBeInTheDocument();
    expect(screen.queryByText('Log in')).not.toBeInTheDocument();
  });
});

describe('detail widget', () => {
  it('loading, then heading, bound subheading and sanitised HTML (no style, no script)', async () => {
    const d = deferred<unknown>();
    api.on('POST /news/detail', () => d.promise);
    renderScreen([{ type: 'detail', source: { endpoint: 'POST /news/detail', params: { id: '{{query.id}}' } }, heading: '{{data.title}}', html: '{{data.content}}' }], { id: '3' });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    await act(async () => d.resolve({ id: 3, title: 'Big news', content: '<p style="color:red" onclick="x()">Body<img src=x onerror="alert(1)"></p><script>alert(1)</script>' }));
    expect(await screen.findByRole('heading', { name: 'Big news' })).toBeInTheDocument();
    const body = screen.getByText('Body');
    expect(body).not.toHaveAttribute('style');
    expect(body).not.toHaveAttribute('onclick');
    expect(body.querySelector('img')).not.toHaveAttribute('onerror');
    expect(document.querySelector('script')).toBeNull();
    expect(api.module.request).toHaveBeenCalledWith('POST /news/detail', { id: '3' });
  });

  it('error state', async () => {
    api.on('GET /aboutus', () => { throw new Error('x'); });
    renderScreen([{ type: 'detail', source: { endpoint: 'GET /aboutus' }, heading: '{{data.title}}' }]);
    expect(await screen.findByText('Loading failed')).toBeInTheDocument();
  });

  it('empty state when the server returns null', async () => {
    api.on('GET /news/index_pop', () => null);
    renderScreen([{ type: 'detail', source: { endpoint: 'GET /news/index_pop' }, heading: '{{data.title}}' }]);
    expect(await screen.findByText('No data')).toBeInTheDocument();
  });
});

describe("mine's profile: UID, level and verification badges (detail.badges)", () => {
  const profile = () => sectionOf('my/index.json', 'detail');
  const info = { id: 1042, account_number: 'amy@example.com', nickname: 'Amy', head_portrait: '', level: 0, real_level: 0, real_state: 0 };

  it('a new user: UID, regular user, not verified', async () => {
    setUser({ id: 1042 } as User);
    api.on('GET /user/info', () => info);
    renderScreen([profile()]);
    expect(await screen.findByRole('heading', { name: 'Amy' })).toBeInTheDocument();
    const badges = within(document.querySelector('.w-badges') as HTMLElement).getAllByRole('listitem');
    expect(badges.map((b) => [b.textContent, b.className])).toEqual([
      ['UID 1042', 'w-badge w-badge--neutral'],
      ['Regular user', 'w-badge w-badge--accent'],
      ['Not verified', 'w-badge w-badge--warning'],
    ]);
  });

  it('a VIP under review, then verified at Lv2', async () => {
    setUser({ id: 1042 } as User);
    api.on('GET /user/info', () => ({ ...info, level: 3, real_state: 1 }));
    const { unmount } = renderScreen([profile()]);
    expect(await screen.findByText('VIP 3')).toBeInTheDocument();
    expect(screen.getByText('Verifying').closest('li')).toHaveClass('w-badge--warning');
    expect(screen.queryByText('Not verified')).not.toBeInTheDocument();
    unmount();
    api.on('GET /user/info', () => ({ ...info, id: 12345, level: 3, real_level: 2, real_state: 2 }));
    renderScreen([profile()]);
    expect((await screen.findByText('Verified · Lv2')).closest('li')).toHaveClass('w-badge--success');
    expect(screen.getByText('UID 12345')).toBeInTheDocument(); // an id is not grouped like an amount
  });
});

describe('security settings', () => {
  const menu = () => sectionOf('setting/security.json', 'menu');
  const user = { id: 1, email: 'amy@example.com', phone: null, area_code: null, has_pay_password: true } as unknown as User;

  it('a bound phone shows its number and leads nowhere; an unbound one leads to binding it; every row has its own icon', async () => {
    setUser({ ...user, phone: '61112222', area_code: '+852' } as User);
    const { unmount } = renderScreen([menu()]);
    const bound = (await screen.findByText('Phone')).closest('.w-row') as HTMLElement;
    expect(bound.tagName).not.toBe('A');
    expect(within(bound).getByText('+852 61112222')).toBeInTheDocument();
    const icons = [...document.querySelectorAll('.w-list .w-icon path')].map((p) => p.getAttribute('d'));
    expect(icons).toHaveLength(6);
    expect(new Set(icons).size).toBe(6);
    unmount();
    setUser(user);
    renderScreen([menu()]);
    const unbound = (await screen.findByText('Phone')).closest('a') as HTMLElement;
    expect(unbound).toHaveAttribute('href', '#/pages/setting/real_mark?step=mobile');
    expect(within(unbound).getByText('Not bound')).toBeInTheDocument();
  });
});

describe('summary widget', () => {
  it('renders label/value pairs with pipes', async () => {
    api.on('GET /user/info', () => ({ score: '100', level: 2 }));
    renderScreen([{ type: 'summary', source: { endpoint: 'GET /user/info' }, fields: [
      { label: 'mine.menu.faq', value: '{{data.score | amount}}' },
      { label: 'mine.menu.about', value: '{{data.level}}', visibleIf: 'data.level > 5' },
    ] }]);
    expect(await screen.findByText('100')).toBeInTheDocument();
    expect(screen.getByText('FAQ')).toBeInTheDocument();
    expect(screen.queryByText('About us')).not.toBeInTheDocument();
  });
});

describe('figures widget', () => {
  it('on a screen: rows over the data in scope, -- while a bound value is missing, a link to where it changes', async () => {
    api.on('GET /user/info', () => ({ score: '100', level: null }));
    renderScreen([{ type: 'scope', source: { endpoint: 'GET /user/info' }, sections: [{ type: 'figures', items: [
      { label: 'withdraw.available', value: '{{data.score | amount}} USDT', id: 'score', emphasis: true,
        link: { label: 'assets.action.transfer', to: '/pages/fund/transfer?amount={{data.score}}' } },
      { label: 'trade.last_price', value: '{{data.level}} USDT', id: 'level' },
    ] }] }] as never);
    expect(await screen.findByTestId('score')).toHaveTextContent('100 USDT');
    expect(screen.getByTestId('level')).toHaveTextContent('--');
    expect(screen.getByText('Available').closest('div')).toHaveClass('f-figures__emphasis');
    fireEvent.click(screen.getByRole('link', { name: 'Transfer' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/fund/transfer?amount=100');
  });
});

describe('gate widget', () => {
  it('on a screen: while its condition holds, the text and a button to where it can be fixed', async () => {
    setUser({ id: 1, has_pay_password: false } as User);
    renderScreen([
      { type: 'gate', visibleIf: '!user.has_pay_password', text: 'error.set_pay_password_first', button: 'withdraw.go_pay_password', to: '/pages/setting/payPassword' },
      { type: 'gate', visibleIf: 'user.has_pay_password', text: 'api.withdraw.verify_first' },
    ] as never);
    expect(await screen.findByText('Please set the transaction password first')).toBeInTheDocument();
    expect(screen.queryByText('Complete identity verification (Lv1) before withdrawing')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set payment password' }));
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/setting/payPassword');
  });
});

describe('menu widget', () => {
  it('static rows: icon, label, value, route or action', async () => {
    renderScreen([{ type: 'menu', items: [
      { icon: 'faq', label: 'mine.menu.faq', to: '/pages/common/faq' },
      { label: 'mine.logout', action: { type: 'back' } },
      { label: 'mine.menu.about', to: '/x', visibleIf: 'user' },
    ] }]);
    const faq = screen.getByRole('link', { name: /FAQ/ });
    expect(faq).toHaveAttribute('href', '#/pages/common/faq');
    fireEvent.click(faq);
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/faq');
    fireEvent.click(screen.getByRole('button', { name: /Log out/ }));
    await waitFor(() => expect(navigation.goBack).toHaveBeenCalled());
    expect(screen.queryByText('About us')).not.toBeInTheDocument();
  });

  it('rows from an endpoint (GET /menu) with the t pipe; action:<name> routes run the action', async () => {
    api.on('GET /menu', () => [
      { id: 1, title: 'mine.menu.contact', icon: 'contact', url: '/pages/common/contactus', is_financial: 0 },
      { id: 2, title: 'mine.menu.language', icon: 'globe', url: 'action:setLanguage', is_financial: 0 },
    ]);
    feedback.actionSheet.mockResolvedValueOnce(1);
    renderScreen([{ type: 'menu', source: { endpoint: 'GET /menu' }, item: { label: '{{item.title | t}}', icon: '{{item.icon}}', to: '{{item.url}}' } }]);
    expect(await screen.findByRole('link', { name: /Contact us/ })).toHaveAttribute('href', '#/pages/common/contactus');
    fireEvent.click(screen.getByRole('button', { name: /Language/ }));
    await waitFor(() => expect(appState.get().lang).toBe('zh'));
  });

  it('theme picker: shows the mode, and the one picked is applied and kept on the device', async () => {
    localStorage.removeItem('theme');
    feedback.actionSheet.mockResolvedValueOnce(2);
    renderScreen([{ type: 'menu', items: [{ label: 'theme.title', picker: 'theme' }] }]);
    fireEvent.click(screen.getByRole('button', { name: /Theme.*Follow system/ }));
    expect(sheetItems().map((i) => [i.label, !!i.selected])).toEqual([['Follow system', true], ['Light', false], ['Dark', false]]);
    expect(await screen.findByRole('button', { name: /Theme.*Dark/ })).toBeInTheDocument();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    setUserTheme(undefined);
    localStorage.removeItem('theme');
  });

  it('a switch row (Settings, Notifications): on while its condition holds, a tap runs its call and shows the new state', async () => {
    const [funds, promotions] = (sectionOf('setting/notifications.json', 'menu') as MenuSection).items!;
    let notify = { funds: true, promotions: false };
    setToken('tok');
    setUser({ id: 7, notify } as User);
    api.on('GET /user/info', () => ({ id: 7, notify }));
    api.on('POST /user/notify', (input) => {
      notify = { ...notify, [String(input.group)]: input.on === 1 };
      return { notify };
    });
    // As the shell does (launch.ts): a call that changes the account reads the user again.
    const stop = onRevalidate('GET /user/info', async () => { await loadUser(); });
    renderScreen([{ type: 'menu', items: [funds, promotions] }]);
    const fundsSwitch = screen.getByRole('switch', { name: 'Deposits and withdrawals' });
    expect(fundsSwitch).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Rewards and promotions' })).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(fundsSwitch);
    await waitFor(() => expect(api.module.request).toHaveBeenCalledWith('POST /user/notify', { group: 'funds', on: 0 }, {}));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Deposits and withdrawals' })).toHaveAttribute('aria-checked', 'false'));
    stop();
  });

  it('fixed rows with a source and no item read its answer as data: the unread count of Messages', async () => {
    api.on('GET /mailMessage/unread', () => ({ count: 3 }));
    renderScreen([{ type: 'menu', source: { endpoint: 'GET /mailMessage/unread' }, items: [
      { icon: 'bell', label: 'mine.menu.messages', value: "{{data.count | count:'messages.unread_count'}}", to: '/pages/mailMessage/mailMessageList' },
    ] }]);
    expect(await screen.findByRole('link', { name: /3 new/ })).toHaveAttribute('href', '#/pages/mailMessage/mailMessageList');
  });
});

describe('grid widget', () => {
  it('tiles link only when they have a route', () => {
    renderScreen([{ type: 'grid', items: [
      { icon: 'deposit', label: 'home.shortcut.deposit' },
      { icon: 'faq', label: 'mine.menu.faq', to: '/pages/common/faq' },
    ] }]);
    expect(screen.getByText('Deposit').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '#/pages/common/faq');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('banner widget', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const slides = [1, 2, 3].map((id) => ({ id, title: `B${id}`, cover: `/img/${id}.png` }));
  const banner = {
    type: 'banner' as const, source: { endpoint: 'POST /news/list' as const, params: { c_id: 5 }, select: 'list' },
    image: '{{item.cover}}', alt: '{{item.title}}', to: '/pages/common/article?id={{item.id}}', interval: 3000,
  };
  const slidesPage = (list: unknown[]) => ({ list, page: 1, limit: 10, total: list.length });
  const current = () => screen.getAllByRole('button').find((b) => b.getAttribute('aria-current') === 'true')?.getAttribute('aria-label');

  it('auto-advances, pauses on hover, dots are buttons', async () => {
    api.on('POST /news/list', () => slidesPage(slides));
    renderScreen([banner]);
    expect(await screen.findByAltText('B1')).toBeInTheDocument();
    expect(api.module.request).toHaveBeenCalledWith('POST /news/list', { c_id: 5 });
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 1' }));
    expect(current()).toBe('Show slide 1');
    act(() => { jest.advanceTimersByTime(3000); });
    expect(current()).toBe('Show slide 2');
    const carousel = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(carousel);
    act(() => { jest.advanceTimersByTime(9000); });
    expect(current()).toBe('Show slide 2');
    fireEvent.mouseLeave(carousel);
    act(() => { jest.advanceTimersByTime(3000); });
    expect(current()).toBe('Show slide 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 1' }));
    expect(current()).toBe('Show slide 1');
    expect(screen.getByRole('link', { name: 'B1' })).toHaveAttribute('href', '#/pages/common/article?id=1');
  });

  it('renders nothing without slides', async () => {
    api.on('POST /news/list', () => slidesPage([]));
    const { container } = renderScreen([banner]);
    await act(async () => { await jest.runOnlyPendingTimersAsync(); });
    expect(container.querySelector('.w-banner')).toBeNull();
  });
});

describe('html widget', () => {
  it('sanitises bound HTML', async () => {
    api.on('GET /contactus', () => ({ title: 'T', content: '<a href="javascript:alert(1)" style="x">link</a><style>body{}</style>' }));
    renderScreen([{ type: 'html', source: { endpoint: 'GET /contactus' }, html: '{{data.content}}' }]);
    const a = await screen.findByText('link');
    expect(a).not.toHaveAttribute('href');
    expect(a).not.toHaveAttribute('style');
    expect(document.querySelector('style')).toBeNull();
  });
});

describe('actions widget', () => {
  it('runs a call action with confirm, toast and navigate, and refreshes what the call changed', async () => {
    api.on('POST /user/editNickname', () => 'ok');
    let nick = 'old';
    api.on('GET /user/info', () => ({ nickname: nick }));
    renderScreen([{ type: 'summary', source: { endpoint: 'GET /user/info' }, fields: [{ label: 'mine.menu.faq', value: '{{data.nickname}}' }] }, { type: 'actions', buttons: [{ label: 'mine.register', action: {
      type: 'call', endpoint: 'POST /user/editNickname', params: { nickname: '{{query.n}}' }, confirm: 'mine.logout',
      success: { toast: 'login.success', navigate: '/pages/my/index' },
    } }] }], { n: 'bob' });
    expect(await screen.findByText('old')).toBeInTheDocument();
    nick = 'bob';
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/my/index'));
    expect(await screen.findByText('bob')).toBeInTheDocument(); // revalidated
    expect(feedback.confirmDialog).toHaveBeenCalledWith({ message: 'Log out' });
    expect(api.module.request).toHaveBeenCalledWith('POST /user/editNickname', { nickname: 'bob' }, {});
    expect(feedback.toast).toHaveBeenCalledWith('Logged in');
  });

  it('does nothing when the confirmation is declined', async () => {
    feedback.confirmDialog.mockResolvedValueOnce(false);
    renderScreen([{ type: 'actions', buttons: [{ label: 'mine.register', action: { type: 'call', endpoint: 'POST /user/editNickname', confirm: 'mine.logout' } }] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(feedback.confirmDialog).toHaveBeenCalled());
    expect(api.module.request).not.toHaveBeenCalled();
  });
});

describe('qr widget', () => {
  it('renders an SVG data URL for the bound text', async () => {
    renderScreen([{ type: 'qr', text: 'https://example.com/r?code={{query.code}}', caption: 'mine.menu.faq' }], { code: 'AB' });
    const img = await screen.findByAltText('QR code');
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(decodeURIComponent(img.getAttribute('src')!)).toContain('<svg');
    expect(screen.getByText('FAQ')).toBeInTheDocument();
  });
});

describe('countdown widget', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  it('ticks once a second and shows the done text at zero', () => {
    renderScreen([{ type: 'countdown', seconds: 3, label: 'mine.menu.faq', done: 'list.no_more' }]);
    expect(screen.getByRole('timer')).toHaveTextContent(/FAQ\s*00:00:03|FAQ\s*00:03/);
    act(() => { jest.advanceTimersByTime(1000); });
    expect(screen.getByRole('timer')).toHaveTextContent(/02/);
    act(() => { jest.advanceTimersByTime(1000); });
    act(() => { jest.advanceTimersByTime(1000); });
    expect(screen.getByRole('timer')).toHaveTextContent('No more data');
  });
});

describe('tabs widget', () => {
  it('switches panels', () => {
    renderScreen([{ type: 'tabs', tabs: [
      { label: 'mine.menu.faq', sections: [{ type: 'empty', text: 'list.empty' }] },
      { label: 'mine.menu.about', sections: [{ type: 'empty', text: 'list.no_more' }] },
    ] }]);
    expect(screen.getByRole('tab', { name: 'FAQ' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByText('No data')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'About us' }));
    expect(within(screen.getByRole('tabpanel')).getByText('No more data')).toBeInTheDocument();
  });
});

describe('menu pickers (screens/my/index.json)', () => {
  // The mine screen's rows come from GET /menu: the language and fiat rows link to action:setLanguage and
  // action:setFiat, which the menu draws as pickers showing the current value.
  const pickers = () => {
    api.on('GET /menu', () => [
      { id: 1, title: 'mine.menu.fiat', icon: 'currency', url: 'action:setFiat', is_financial: 0 },
      { id: 2, title: 'mine.menu.language', icon: 'globe', url: 'action:setLanguage', is_financial: 0 },
    ]);
    return screenFile('my/index.json').sections.filter((x): x is MenuSection => x.type === 'menu' && x.source?.endpoint === 'GET /menu');
  };

  it('the mine screen has one menu from GET /menu', () => {
    expect(pickers()).toHaveLength(1);
  });

  it('the language row shows the current language and picks another from a sheet of own-name entries', async () => {
    feedback.actionSheet.mockResolvedValueOnce(4);
    renderScreen(pickers());
    const row = await screen.findByRole('button', { name: /Language/ });
    expect(row).toHaveTextContent('English');
    expect(within(row).getByText('English')).toHaveAttribute('lang', 'en');
    expect(row).toHaveAttribute('aria-haspopup', 'dialog');
    fireEvent.click(row);
    await waitFor(() => expect(appState.get().lang).toBe('jp'));
    const items = sheetItems();
    expect(items).toHaveLength(11);
    expect(items[0]).toEqual({ label: 'English', lang: 'en', selected: true });
    expect(items[4]).toEqual({ label: '日本語', lang: 'ja', selected: false });
    await waitFor(() => expect(screen.getByRole('button', { name: /Language/ })).toHaveTextContent('日本語'));
  });

  it('lists a language the configuration adds (no code knows it); picking it sets <html lang dir> from its entry', async () => {
    const boot = { manifest: getManifest(), app: getApp() as { languages: unknown[] } };
    const added = { code: 'de', tag: 'de', name: 'Deutsch', dir: 'ltr' };
    resetConfiguration({
      manifest: { ...boot.manifest, version: 'twelve', app: 'twelve', messages: { ...boot.manifest.messages, 'de.core': 'v1', 'de.rest': 'v1' } },
      app: { ...boot.app, languages: [...boot.app.languages, added] },
    });
    try {
      feedback.actionSheet.mockResolvedValueOnce(11);
      renderScreen(pickers());
      fireEvent.click(await screen.findByRole('button', { name: /Language/ }));
      await waitFor(() => expect(appState.get().lang).toBe('de'));
      const items = sheetItems();
      expect(items.map((i) => i.label)).toEqual(['English', '简体中文', '繁體中文', 'ไทย', '日本語', '한국어', 'Français', 'Español', 'Türkçe', 'فارسی', 'Русский', 'Deutsch']);
      expect(items[11]).toEqual({ label: 'Deutsch', lang: 'de', selected: false });
      expect([document.documentElement.lang, document.documentElement.dir]).toEqual(['de', 'ltr']);
      expect(within(await screen.findByRole('button', { name: /Language/ })).getByText('Deutsch')).toHaveAttribute('lang', 'de');
    } finally {
      resetConfiguration(boot);
      applyDocumentLanguage('en');
    }
  });

  it('the language row changes nothing when the sheet is dismissed', async () => {
    feedback.actionSheet.mockResolvedValueOnce(null);
    renderScreen(pickers());
    fireEvent.click(await screen.findByRole('button', { name: /Language/ }));
    await waitFor(() => expect(feedback.actionSheet).toHaveBeenCalled());
    expect(appState.get().lang).toBe('en');
  });

  it('the fiat row shows the default fiat and picks another from a sheet with currency names', async () => {
    appState.set({ fiats: [{ currency_code: 'USD', rate: '1' }, { currency_code: 'EUR', rate: '0.9' }] });
    feedback.actionSheet.mockResolvedValueOnce(1);
    renderScreen(pickers());
    const row = await screen.findByRole('button', { name: /Default fiat currency/ });
    expect(row).toHaveTextContent('USD');
    fireEvent.click(row);
    await waitFor(() => expect(appState.get().fiat.currency_code).toBe('EUR'));
    const { items } = (feedback.actionSheet.mock.calls[0] as unknown as [{ items: Array<{ label: string; selected: boolean }> }])[0];
    expect(items).toEqual([{ label: 'USD · US Dollar', selected: true }, { label: 'EUR · Euro', selected: false }]);
    await waitFor(() => expect(screen.getByRole('button', { name: /Default fiat currency/ })).toHaveTextContent('EUR'));
  });
});

describe('frame widget (screens/common/webView.json)', () => {
  const frame = sectionOf('common/webView.json', 'frame');

  it('shows a page of this site in a sandboxed iframe without same-origin rights', async () => {
    const { unmount } = renderScreen([frame], { url: `${window.location.origin}/help/fees.html` });
    const iframe = await screen.findByTitle('Web page');
    expect(iframe).toHaveAttribute('src', `${window.location.origin}/help/fees.html`);
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
    expect(iframe).toHaveAttribute('referrerpolicy', 'no-referrer');
    unmount();
    renderScreen([frame], { url: '/help/fees.html' });
    expect(await screen.findByTitle('Web page')).toHaveAttribute('src', '/help/fees.html');
  });

  it('offers an https page elsewhere in the browser (the CSP allows own-origin frames only)', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderScreen([frame], { url: 'https://example.com/x' });
    expect(await screen.findByText('This page cannot be shown inside the app.')).toBeInTheDocument();
    expect(screen.queryByTitle('Web page')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
    expect(open).toHaveBeenCalledWith('https://example.com/x', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('refuses anything else', async () => {
    for (const url of ['javascript:alert(1)', '//evil.example/x', 'http://example.com/x', '']) {
      const { unmount } = renderScreen([frame], { url });
      expect(await screen.findByText('This address cannot be opened')).toBeInTheDocument();
      expect(screen.queryByTitle('Web page')).not.toBeInTheDocument();
      unmount();
    }
  });
});

describe('component widget', () => {
  it('an unknown component shows an error state', () => {
    renderScreen([{ type: 'component', name: 'nope' }]);
    return screen.findByText('Loading failed');
  });
});

describe('Screen', () => {
  it('renders an old definition once upgraded (the server serves screens migrated)', () => {
    renderScreen(migrateScreen({ route: '/pages/test/page', blocks: [{ type: 'empty', text: 'mine.menu.faq' }] }) as never);
    expect(screen.getByText('FAQ')).toBeInTheDocument();
  });

  it('a failing section shows an error state and leaves the others alone', () => {
    const err = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderScreen([
      { type: 'menu', items: null as never },
      { type: 'tabs', tabs: [] as never },
      { type: 'empty', text: 'mine.menu.about' },
    ]);
    expect(screen.getByText('About us')).toBeInTheDocument();
    expect(screen.getAllByText('This part could not be shown').length).toBeGreaterThan(0);
    err.mockRestore();
  });

  it('ignores unknown section types', () => {
    renderScreen([{ type: 'hologram' } as never, { type: 'empty', text: 'mine.menu.about' }]);
    expect(screen.getByText('About us')).toBeInTheDocument();
  });
});
