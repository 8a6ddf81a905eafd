import { api, feedback, navigation } from '../widgets/fakeApi';
import { linkAction, runAction, type ActionEnv } from '../../../src/client/runtime/actions';
import { isSafeUrl } from '../../../src/client/platform/urls';
import { screenFile } from '../widgets/helpers';
import { appState, setToken, setUser, type User } from '../../../src/client/state/store';

jest.mock('../../../src/client/api/request', () => require('../widgets/fakeApi').api.module);
jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);

const env: ActionEnv = {
  scope: { params: {}, query: { id: '4' }, user: null, config: { zxkf_url: 'https://chat.example.com' }, data: { address: '0xabc', lang: 'fa' }, item: { id: 7 } },
  pipes: { t: (k: string) => `T:${k}`, locale: 'en', fiat: { code: 'USD', rate: '1' } },
};

beforeEach(() => {
  api.reset();
  jest.clearAllMocks();
  localStorage.clear();
  appState.reset();
});

describe('actions', () => {
  it('navigate resolves bindings (URL-encoded)', async () => {
    await runAction({ type: 'navigate', to: '/pages/common/article?id={{item.id}}' }, env);
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/article?id=7');
  });

  it('back', async () => {
    await runAction({ type: 'back' }, env);
    expect(navigation.goBack).toHaveBeenCalled();
  });

  it('call: request with bound params, then toast and navigate', async () => {
    api.on('POST /news/detail', () => ({}));
    await runAction({ type: 'call', endpoint: 'POST /news/detail', params: { id: '{{query.id}}' }, success: { toast: 'a.b', navigate: '/pages/my/index' } }, env);
    expect(api.module.request).toHaveBeenCalledWith('POST /news/detail', { id: '4' }, {});
    expect(feedback.toast).toHaveBeenCalledWith('T:a.b');
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/my/index');
  });

  it('call: a failed request rejects and skips the success steps', async () => {
    api.on('POST /news/detail', () => { throw new Error('nope'); });
    await expect(runAction({ type: 'call', endpoint: 'POST /news/detail', success: { toast: 'a.b' } }, env)).rejects.toThrow('nope');
    expect(feedback.toast).not.toHaveBeenCalled();
  });

  it('call: the confirmation says what the call will do (ICU arguments from the row), and a refusal sends nothing', async () => {
    const t = jest.fn((k: string, v?: Record<string, unknown>) => `T:${k}:${JSON.stringify(v ?? {})}`);
    const withValues: ActionEnv = { ...env, pipes: { ...env.pipes, t }, scope: { ...env.scope, item: { id: 7, cancel_fee: '12', return_now: '988' } } };
    api.on('POST /lh/deposit/order/cancel', () => ({}));
    feedback.confirmDialog.mockResolvedValueOnce(false);
    const action = { type: 'call' as const, endpoint: 'POST /lh/deposit/order/cancel' as const, params: { id: '{{item.id}}' }, confirm: 'mining.redeem_confirm', confirmValues: { penalty: '{{item.cancel_fee}}', back: '{{item.return_now}}', fiat: { setting: 'fiat' as const } } };
    await runAction(action, withValues);
    expect(feedback.confirmDialog).toHaveBeenCalledWith({ message: 'T:mining.redeem_confirm:{"penalty":"12","back":"988","fiat":"USD"}' });
    expect(api.module.request).not.toHaveBeenCalled();
    feedback.confirmDialog.mockResolvedValueOnce(true);
    await runAction(action, withValues);
    expect(api.module.request).toHaveBeenCalledWith('POST /lh/deposit/order/cancel', { id: 7 }, { idempotencyKey: expect.any(String) });
  });

  it('call: the confirmation\'s buttons say what they do (confirmLabel, cancelLabel), as the spot order rows have them', async () => {
    const cancel = (screenFile('transaction/currency.json').sections[0] as any).sections[3].tabs[0].sections[0].item.buttons[0].action;
    feedback.confirmDialog.mockResolvedValueOnce(false);
    await runAction(cancel, env);
    expect(feedback.confirmDialog).toHaveBeenCalledWith({ message: 'T:trade.cancel_confirm', confirmText: 'T:trade.cancel_order', cancelText: 'T:trade.keep_order' });
    expect(api.module.request).not.toHaveBeenCalled();
  });

  it('navigate to the login page: it returns to the page shown (?back=)', async () => {
    window.location.hash = '#/pages/transaction/index?mode=contract';
    await runAction({ type: 'navigate', to: '/pages/common/login' }, env);
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/login?back=%2Fpages%2Ftransaction%2Findex%3Fmode%3Dcontract');
    window.location.hash = '';
  });

  it('logout: GET /user/logout, clears the user, goes to login (even if the call fails)', async () => {
    setToken('tok');
    setUser({ id: 1 } as User);
    api.on('GET /user/logout', () => { throw new Error('999'); });
    await runAction({ type: 'logout' }, env);
    expect(api.module.request).toHaveBeenCalledWith('GET /user/logout', {}, { silent: true });
    expect(appState.get()).toMatchObject({ token: '', user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/login');
  });

  it('copy: clipboard, then a toast', async () => {
    const writeText = jest.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await runAction({ type: 'copy', text: '{{data.address}}', toast: 'widget.copied' }, env);
    expect(writeText).toHaveBeenCalledWith('0xabc');
    expect(feedback.toast).toHaveBeenCalledWith('T:widget.copied');
  });

  it('openUrl: https or same-origin only', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await runAction({ type: 'openUrl', url: '{{config.zxkf_url}}' }, env);
    expect(open).toHaveBeenCalledWith('https://chat.example.com', '_blank', 'noopener,noreferrer');
    open.mockClear();
    await runAction({ type: 'openUrl', url: 'javascript:alert(1)' }, env);
    await runAction({ type: 'openUrl', url: 'http://insecure.example.com' }, env);
    expect(open).not.toHaveBeenCalled();
    await runAction({ type: 'openUrl', url: '/#/pages/common/faq' }, env);
    expect(open).not.toHaveBeenCalled();
    expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/common/faq');
    open.mockRestore();
    expect(isSafeUrl('/pages/x')).toBe(true);
    expect(isSafeUrl('//evil.example.com')).toBe(false);
    expect(isSafeUrl(`${window.location.origin}/a`)).toBe(true);
    expect(isSafeUrl('data:text/html,<script>')).toBe(false);
  });

  it('setLanguage and setFiat update the app state; unknown languages are ignored', async () => {
    await runAction({ type: 'setLanguage', lang: '{{data.lang}}' }, env);
    expect(appState.get().lang).toBe('fa');
    expect(document.documentElement.dir).toBe('rtl');
    await runAction({ type: 'setLanguage', lang: 'klingon' }, env);
    expect(appState.get().lang).toBe('fa');
    await runAction({ type: 'setFiat', code: 'USD' }, env);
    expect(appState.get().fiat.currency_code).toBe('USD');
  });

  it('setLanguage / setFiat without a value ask with an action sheet', async () => {
    feedback.actionSheet.mockResolvedValueOnce(4); // en zh hk th jp ...
    await runAction({ type: 'setLanguage' }, env);
    expect(feedback.actionSheet).toHaveBeenCalledWith({ title: 'T:widget.language', items: expect.arrayContaining([
      { label: 'English', lang: 'en', selected: true }, { label: '日本語', lang: 'ja', selected: false }]) });
    expect(appState.get().lang).toBe('jp');
    appState.set({ fiats: [{ currency_code: 'USD', rate: '1' }, { currency_code: 'EUR', rate: '0.9' }] });
    feedback.actionSheet.mockResolvedValueOnce(1);
    await runAction({ type: 'setFiat' }, env);
    expect(feedback.actionSheet).toHaveBeenLastCalledWith({ title: 'T:widget.fiat', items: [
      { label: 'USD · US Dollar', selected: true }, { label: 'EUR · Euro', selected: false }] });
    expect(appState.get().fiat.currency_code).toBe('EUR');
    feedback.actionSheet.mockResolvedValueOnce(null); // cancelled
    await runAction({ type: 'setFiat' }, env);
    expect(appState.get().fiat.currency_code).toBe('EUR');
  });

  it('links may name a few safe actions as action:<name>', () => {
    expect(linkAction('action:setLanguage')).toEqual({ type: 'setLanguage' });
    expect(linkAction('action:logout')).toEqual({ type: 'logout' });
    expect(linkAction('action:call')).toBeNull();
    expect(linkAction('/pages/common/faq')).toBeNull();
  });
});
