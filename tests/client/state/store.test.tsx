import { act, render, screen } from '@testing-library/react';
import {
  DEFAULT_FIAT, appState, clearUser, setFiat, setFiats, setLanguage, setSiteConfig, setToken, setUser,
  useAppState, type SiteConfig, type User,
} from '../../../src/client/state/store';
import { STORAGE_KEYS } from '../../../src/client/state/storage';

beforeEach(() => {
  localStorage.clear();
  appState.reset();
});

test('storage key names are the ones older builds used', () => {
  expect(STORAGE_KEYS.token).toBe('token');
  expect(STORAGE_KEYS.h5Version).toBe('h5Version');
  expect(STORAGE_KEYS.saveFiatsTime).toBe('saveFiatsTime');
});

test('initial state has the SPEC 3 fields and defaults', () => {
  const s = appState.get();
  expect(Object.keys(s).sort()).toEqual(
    ['coins', 'fiat', 'fiats', 'lang', 'locale', 'logos', 'siteConfig', 'siteName', 'token', 'transactionTabs', 'user'].sort(),
  );
  expect(s.fiat).toEqual({ currency_code: 'USD', rate: '1' });
  expect(s.transactionTabs).toEqual(['options', 'futures', 'spot']);
  expect(s.token).toBe('');
  expect(s.user).toBeNull();
});

test('setToken stores the token under "token"; clearUser removes token and user from state and storage', () => {
  setToken('abc');
  setUser({ id: 7, nickname: 'n' } as User);
  expect(localStorage.getItem('token')).toBe('abc');
  expect(JSON.parse(localStorage.getItem('user') as string)).toMatchObject({ id: 7 });
  appState.reset();
  expect(appState.get().token).toBe('abc');
  expect(appState.get().user?.id).toBe(7);
  clearUser();
  expect(appState.get()).toMatchObject({ token: '', user: null });
  expect(localStorage.getItem('token')).toBeNull();
  expect(localStorage.getItem('user')).toBeNull();
});

test('setLanguage updates state, storage, device locale and <html lang dir>', () => {
  setLanguage('fa');
  expect(appState.get().lang).toBe('fa');
  expect(appState.get().locale).toBe('en');
  expect(localStorage.getItem('lang')).toBe('fa');
  expect(document.documentElement.lang).toBe('fa');
  expect(document.documentElement.dir).toBe('rtl');
  setLanguage('hk');
  expect(appState.get().locale).toBe('zh-Hant');
  expect(document.documentElement.lang).toBe('zh-Hant');
  expect(document.documentElement.dir).toBe('ltr');
  setLanguage('spa');
  expect(appState.get().locale).toBe('es');
  expect(() => setLanguage('xx' as never)).toThrow();
});

test('initial language: stored, else navigator.language, else en', () => {
  const spy = jest.spyOn(window.navigator, 'language', 'get');
  spy.mockReturnValue('ko-KR');
  appState.reset();
  expect(appState.get().lang).toBe('kor');
  localStorage.setItem('lang', 'ru');
  appState.reset();
  expect(appState.get().lang).toBe('ru');
  localStorage.setItem('lang', 'bogus');
  spy.mockReturnValue('');
  appState.reset();
  expect(appState.get().lang).toBe('en');
  spy.mockRestore();
});

test('setFiat picks from the fiat list and stores it; unknown falls back to USD', () => {
  setFiats([{ currency_code: 'USD', rate: '1' }, { currency_code: 'EUR', rate: '0.92' }], 1000);
  expect(localStorage.getItem('saveFiatsTime')).toBe('1000');
  setFiat('EUR');
  expect(appState.get().fiat).toMatchObject({ currency_code: 'EUR', rate: '0.92' });
  expect(JSON.parse(localStorage.getItem('fiat') as string)).toMatchObject({ currency_code: 'EUR' });
  setFiat('USD');
  expect(appState.get().fiat).toMatchObject(DEFAULT_FIAT);
  appState.reset();
  expect(appState.get().fiats).toHaveLength(2);
});

test('setSiteConfig fills siteName and logos', () => {
  setSiteConfig({ site_name: 'X', site_logo: '/l.png', down_logo: '/d.png' } as SiteConfig);
  expect(appState.get()).toMatchObject({ siteName: 'X', logos: { site_logo: '/l.png', down_logo: '/d.png' } });
});

test('useAppState re-renders on change', () => {
  function Token() {
    const token = useAppState((s) => s.token);
    return <span>token:{token}</span>;
  }
  render(<Token />);
  expect(screen.getByText('token:')).toBeInTheDocument();
  act(() => setToken('t1'));
  expect(screen.getByText('token:t1')).toBeInTheDocument();
});

test('broken storage JSON does not break the state', () => {
  localStorage.setItem('user', '{oops');
  localStorage.setItem('fiat', 'nope');
  appState.reset();
  expect(appState.get().user).toBeNull();
  expect(appState.get().fiat).toEqual(DEFAULT_FIAT);
});
