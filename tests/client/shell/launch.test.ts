import { request } from '../../../src/client/api/request';
import {
  FIAT_CACHE_MS, loadSiteConfig, loadUser, migrateStorage, normaliseRates, refreshFiatsIfStale, runLaunchTasks,
} from '../../../src/client/shell/launch';
import { connectSocket } from '../../../src/client/state/socket';
import { appState, setFiat, setFiats, setToken } from '../../../src/client/state/store';
import { waitFor } from '@testing-library/react';
import { markFirstScreen } from '../../../src/client/platform/firstScreen';

jest.mock('../../../src/client/api/request', () => ({ request: jest.fn() }));
jest.mock('../../../src/client/state/socket', () => ({ connectSocket: jest.fn() }));

/** The transport is replaced: answers here are whatever each test needs, typed or not. */
const requestMock = request as unknown as jest.Mock;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('h5Version', '1');
  appState.reset();
  requestMock.mockReset();
});

describe('storage migration', () => {
  test('h5Version missing or below 1 clears all storage and sets it to 1', () => {
    localStorage.clear();
    localStorage.setItem('token', 'old');
    localStorage.setItem('whatever', 'x');
    localStorage.setItem('h5Version', '0');
    appState.reset();
    expect(appState.get().token).toBe('old');
    expect(migrateStorage()).toBe(true);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('whatever')).toBeNull();
    expect(localStorage.getItem('h5Version')).toBe('1');
    expect(appState.get().token).toBe('');
  });

  test('h5Version 1 keeps storage', () => {
    localStorage.setItem('token', 'keep');
    expect(migrateStorage()).toBe(false);
    expect(localStorage.getItem('token')).toBe('keep');
  });
});

test('site config: GET /getSiteConfig, loan_day and loan_rate split on |', async () => {
  requestMock.mockResolvedValueOnce({
    site_name: 'Site', site_logo: '/a.png', down_logo: '/b.png', zxkf_url: 'https://chat',
    loan_day: '7|15|30', loan_rate: '0.1|0.2|0.3', loan_min: '500000', loan_max: '10000000', loan_pawn: 'USDT', loan_len: '3',
  });
  const cfg = await loadSiteConfig();
  expect(requestMock).toHaveBeenCalledWith('GET /getSiteConfig', {}, expect.anything());
  expect(cfg.loan_day).toEqual(['7', '15', '30']);
  expect(cfg.loan_rate).toEqual(['0.1', '0.2', '0.3']);
  expect(appState.get().siteConfig?.zxkf_url).toBe('https://chat');
  expect(appState.get().siteName).toBe('Site');
});

describe('fiat rates', () => {
  const rates = { rates: { USD: 1, CNY: '7.1', EUR: 0.92, XAU: 0.0004, GBP: '0.79', VND: 25000 } };

  test('keeps only the 11 currencies, each with currency_code, rates as strings', () => {
    expect(normaliseRates(rates)).toEqual([
      { currency_code: 'USD', rate: '1' }, { currency_code: 'CNY', rate: '7.1' }, { currency_code: 'GBP', rate: '0.79' },
      { currency_code: 'EUR', rate: '0.92' }, { currency_code: 'VND', rate: '25000' },
    ]);
    expect(normaliseRates([{ currency_code: 'jpy', rate: '150' }, { code: 'AED', rate: 3.67 }, { code: 'XXX', rate: 1 }]))
      .toEqual([{ currency_code: 'JPY', rate: '150' }, { currency_code: 'AED', rate: '3.67' }]);
  });

  test('fetches GET /currency/rates when saveFiatsTime is missing, stores list and time', async () => {
    requestMock.mockResolvedValueOnce(rates);
    expect(await refreshFiatsIfStale(5_000_000_000)).toBe(true);
    expect(requestMock).toHaveBeenCalledWith('GET /currency/rates', {}, expect.anything());
    expect(appState.get().fiats.map((f) => f.currency_code)).toEqual(['USD', 'CNY', 'GBP', 'EUR', 'VND']);
    expect(localStorage.getItem('saveFiatsTime')).toBe('5000000000');
  });

  test('does not refetch within 24 h; refetches after', async () => {
    const now = 10 * FIAT_CACHE_MS;
    setFiats([{ currency_code: 'USD', rate: '1' }], now - FIAT_CACHE_MS + 1);
    expect(await refreshFiatsIfStale(now)).toBe(false);
    expect(requestMock).not.toHaveBeenCalled();
    setFiats([{ currency_code: 'USD', rate: '1' }], now - FIAT_CACHE_MS - 1);
    requestMock.mockResolvedValueOnce(rates);
    expect(await refreshFiatsIfStale(now)).toBe(true);
  });

  test('a refresh updates the selected fiat rate', async () => {
    setFiats([{ currency_code: 'EUR', rate: '0.5' }], 1);
    setFiat('EUR');
    requestMock.mockResolvedValueOnce(rates);
    await refreshFiatsIfStale(2 * FIAT_CACHE_MS);
    expect(appState.get().fiat).toMatchObject({ currency_code: 'EUR', rate: '0.92' });
  });
});

describe('user info', () => {
  test('no token: no call', async () => {
    expect(await loadUser()).toBeNull();
    expect(requestMock).not.toHaveBeenCalled();
  });

  test('with a token: GET /user/info into state', async () => {
    setToken('t');
    requestMock.mockResolvedValueOnce({ id: 3, nickname: 'bob' });
    await loadUser();
    expect(requestMock).toHaveBeenCalledWith('GET /user/info', {}, expect.anything());
    expect(appState.get().user).toMatchObject({ id: 3, nickname: 'bob' });
  });
});

test('runLaunchTasks runs every task even when one fails', async () => {
  setToken('t');
  requestMock.mockImplementation(async (endpoint: string) => {
    if (endpoint === 'GET /getSiteConfig') throw Object.assign(new Error('down'), { name: 'ApiError' });
    if (endpoint === 'GET /currency/rates') return { USD: 1 };
    return { id: 1 };
  });
  await runLaunchTasks();
  expect(connectSocket).not.toHaveBeenCalled(); // waits for the first screen
  markFirstScreen();
  await waitFor(() => expect(connectSocket).toHaveBeenCalled());
  expect(requestMock.mock.calls.map((c) => c[0]).sort()).toEqual(['GET /currency/rates', 'GET /getSiteConfig', 'GET /user/info']);
  expect(appState.get().user).toMatchObject({ id: 1 });
  expect(appState.get().fiats).toEqual([{ currency_code: 'USD', rate: '1' }]);
});
