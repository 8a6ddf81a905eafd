import {
  ApiError, parseEndpoint, requestByName, setApiBase, swrFetcher, upload,
} from '../../../src/client/api/request';
import { feedbackStore, resetFeedback } from '../../../src/client/platform/feedback';
import { requestEvents, type RequestEvents } from '../../../src/client/api/events';
import { connectRequests } from '../../../src/client/shell/connectRequests';
import { appState, setLanguage, setToken, setUser, type User } from '../../../src/client/state/store';
import { englishOutsideReact } from '../../support/renderWithIntl';

type FetchArgs = [string, RequestInit];

function reply(body: unknown, status = 200) {
  return { status, json: async () => body };
}

let fetchMock: jest.Mock;
/** The request layer as main.tsx connects it: the app state's token and language, the shell's feedback. */
let disconnect: () => void;

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.calls[fetchMock.mock.calls.length - 1] as FetchArgs;
  return { url, init, headers: init.headers as Record<string, string> };
}

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
  localStorage.clear();
  appState.reset();
  setLanguage('en');
  resetFeedback();
  disconnect = connectRequests();
  setApiBase('/api');
  englishOutsideReact();
  window.location.hash = '';
  fetchMock = jest.fn(async () => reply({ type: 'ok', message: 'fine' }));
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

afterEach(() => {
  disconnect();
  jest.useRealTimers();
});

describe('endpoint, method and body', () => {
  test('parses "METHOD /path"; a bare path means POST', () => {
    expect(parseEndpoint('GET /user/info')).toEqual({ method: 'GET', path: '/user/info' });
    expect(parseEndpoint('/news/list')).toEqual({ method: 'POST', path: '/news/list' });
  });

  test('POST is form-encoded under /api and carries lang', async () => {
    await requestByName('POST /user/login', { user_string: 'a@b.c', password: 'x y' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/user/login');
    expect(init.method).toBe('POST');
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(Object.fromEntries(new URLSearchParams(init.body as string))).toEqual({ user_string: 'a@b.c', password: 'x y', lang: 'en' });
  });

  test('default method is POST', async () => {
    await requestByName('/news/list', { c_id: 4 });
    expect(lastCall().init.method).toBe('POST');
  });

  test('GET sends fields and lang in the query string, no body', async () => {
    await requestByName('GET /getSetting', { keyword: 'k', empty: undefined });
    const { url, init } = lastCall();
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(url).toBe('/api/getSetting?keyword=k&lang=en');
  });

  test('a nested object is sent as JSON', async () => {
    await requestByName('POST /user/cash_save', { card: { bank_name: 'B' } });
    const { init, headers } = lastCall();
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ card: { bank_name: 'B' }, lang: 'en' });
  });

  test('the base is configurable', async () => {
    setApiBase('https://api.example.com/v1/');
    await requestByName('GET /faq');
    expect(lastCall().url).toBe('https://api.example.com/v1/faq?lang=en');
  });
});

describe('headers', () => {
  test('lang is the stored language; accept-language its BCP 47 tag', async () => {
    setLanguage('jp');
    await requestByName('POST /x');
    const { init, headers } = lastCall();
    expect(new URLSearchParams(init.body as string).get('lang')).toBe('jp');
    expect(headers['accept-language']).toBe('ja');
  });

  test('Authorization carries the stored token, and is absent without one', async () => {
    await requestByName('POST /x');
    expect(lastCall().headers.Authorization).toBeUndefined();
    setToken('tok123');
    await requestByName('POST /x');
    expect(lastCall().headers.Authorization).toBe('tok123');
  });

  test('a money-moving call carries its idempotency key; others none', async () => {
    await requestByName('POST /user/Transfer', { number: '1' }, { idempotencyKey: 'transfer-123456' });
    expect(lastCall().headers['Idempotency-Key']).toBe('transfer-123456');
    await requestByName('POST /x');
    expect(lastCall().headers['Idempotency-Key']).toBeUndefined();
  });
});

describe('response rules', () => {
  test('type ok resolves with message', async () => {
    fetchMock.mockResolvedValueOnce(reply({ type: 'ok', message: { a: 1 } }));
    await expect(requestByName('POST /x')).resolves.toEqual({ a: 1 });
  });

  test('code 1 resolves with message', async () => {
    fetchMock.mockResolvedValueOnce(reply({ code: 1, message: 'done' }));
    await expect(requestByName('POST /x')).resolves.toBe('done');
  });

  test('an answer that travels in the top-level data resolves with data: the platform\'s K-line, and a record beside its confirmation text', async () => {
    fetchMock.mockResolvedValueOnce(reply({ type: 'ok', data: [{ time: 1 }] }));
    await expect(requestByName('GET /x')).resolves.toEqual([{ time: 1 }]);
    fetchMock.mockResolvedValueOnce(reply({ type: 'ok', message: 'Withdrawal submitted', data: { id: 7 } }));
    await expect(requestByName('POST /x')).resolves.toEqual({ id: 7 });
  });

  test('any other type toasts the message and rejects with an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(reply({ type: 'error', message: 'Login failed' }));
    const err = await requestByName('POST /user/login').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ type: 'error', message: 'Login failed' });
    expect(feedbackStore.get().toast?.text).toBe('Login failed');
  });

  test('silent suppresses the toast', async () => {
    fetchMock.mockResolvedValueOnce(reply({ type: 'error', message: 'nope' }));
    await expect(requestByName('POST /x', {}, { silent: true })).rejects.toMatchObject({ type: 'error' });
    expect(feedbackStore.get().toast).toBeNull();
  });

  test('showFailure: false leaves the failure to the caller (a form): no toast, the error as thrown', async () => {
    fetchMock.mockResolvedValueOnce(reply({ type: 'error', message: 'This account is already registered', field: 'user_string' }));
    await expect(requestByName('POST /user/register', {}, { showFailure: false }))
      .rejects.toMatchObject({ type: 'error', message: 'This account is already registered', field: 'user_string' });
    expect(feedbackStore.get().toast).toBeNull();
  });

  test('999: toast, user and token cleared, login after 1200 ms', async () => {
    setToken('old');
    setUser({ id: 1 } as User);
    fetchMock.mockResolvedValueOnce(reply({ type: '999', message: 'Session expired' }));
    await expect(requestByName('GET /user/info')).rejects.toMatchObject({ type: '999' });
    expect(feedbackStore.get().toast?.text).toBe('Session expired');
    expect(appState.get().token).toBe('');
    expect(appState.get().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    await jest.advanceTimersByTimeAsync(1199);
    expect(window.location.hash).toBe('');
    await jest.advanceTimersByTimeAsync(1);
    expect(window.location.hash).toBe('#/pages/common/login');
  });

  test('999 as a number behaves the same', async () => {
    fetchMock.mockResolvedValueOnce(reply({ type: 999, message: 'Session expired' }));
    await expect(requestByName('GET /user/info', {}, { silent: true })).rejects.toMatchObject({ type: '999' });
    expect(feedbackStore.get().toast?.text).toBe('Session expired');
  });

  test('998: toast, real-name page after 1200 ms, user kept', async () => {
    setToken('tok');
    fetchMock.mockResolvedValueOnce(reply({ type: '998', message: 'Verify first' }));
    await expect(requestByName('POST /wallet/out')).rejects.toMatchObject({ type: '998', message: 'Verify first' });
    expect(feedbackStore.get().toast?.text).toBe('Verify first');
    expect(appState.get().token).toBe('tok');
    await jest.advanceTimersByTimeAsync(1199);
    expect(window.location.hash).toBe('');
    await jest.advanceTimersByTimeAsync(1);
    expect(window.location.hash).toBe('#/pages/setting/real_mark');
  });

  test('non-200 rejects with a localised network error toast', async () => {
    fetchMock.mockResolvedValueOnce(reply({ type: 'ok', message: 'x' }, 502));
    await expect(requestByName('POST /x')).rejects.toMatchObject({ type: 'http', status: 502 });
    expect(feedbackStore.get().toast?.text).toBe('Network error, please try again later');
  });

  test('429 (too many attempts) shows the server\'s message, which says when to try again', async () => {
    fetchMock.mockResolvedValueOnce(reply({ type: 'error', message: 'Too many attempts. Please try again in 15 minutes.' }, 429));
    await expect(requestByName('POST /user/login')).rejects.toMatchObject({ type: 'error', message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(feedbackStore.get().toast?.text).toBe('Too many attempts. Please try again in 15 minutes.');
  });

  test('a network failure rejects with type network', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(requestByName('POST /x')).rejects.toMatchObject({ type: 'network' });
  });
});

describe('timing', () => {
  function hangingFetch() {
    fetchMock.mockImplementationOnce((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
  }

  test('aborts after 60 s with a timeout error', async () => {
    hangingFetch();
    const p = requestByName('POST /slow').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(59_999);
    expect((lastCall().init.signal as AbortSignal).aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const err = await p;
    expect(err).toMatchObject({ type: 'timeout' });
    expect(feedbackStore.get().toast?.text).toBe('The request timed out, please try again');
  });

  test('no loading indicator for a call faster than 800 ms', async () => {
    let resolve!: (v: unknown) => void;
    fetchMock.mockImplementationOnce(() => new Promise((r) => { resolve = r; }));
    const p = requestByName('POST /x');
    await jest.advanceTimersByTimeAsync(799);
    expect(feedbackStore.get().loading).toBe(false);
    resolve(reply({ type: 'ok', message: 1 }));
    await p;
    await jest.advanceTimersByTimeAsync(2000);
    expect(feedbackStore.get().loading).toBe(false);
  });

  test('the loading indicator appears at 800 ms and hides when done', async () => {
    let resolve!: (v: unknown) => void;
    fetchMock.mockImplementationOnce(() => new Promise((r) => { resolve = r; }));
    const p = requestByName('POST /x');
    await jest.advanceTimersByTimeAsync(800);
    expect(feedbackStore.get().loading).toBe(true);
    resolve(reply({ type: 'ok', message: 1 }));
    await p;
    expect(feedbackStore.get().loading).toBe(false);
  });

  test('loading: false never shows the indicator', async () => {
    let resolve!: (v: unknown) => void;
    fetchMock.mockImplementationOnce(() => new Promise((r) => { resolve = r; }));
    const p = requestByName('POST /x', {}, { loading: false });
    await jest.advanceTimersByTimeAsync(5000);
    expect(feedbackStore.get().loading).toBe(false);
    resolve(reply({ type: 'ok', message: 1 }));
    await p;
  });
});

describe('upload and swrFetcher', () => {
  test('upload posts multipart field file to /api/upload and resolves the URL', async () => {
    setToken('tok');
    fetchMock.mockResolvedValueOnce(reply({ type: 'ok', message: '/uploads/abc.png' }));
    const file = new Blob(['png'], { type: 'image/png' });
    await expect(upload(file)).resolves.toBe('/uploads/abc.png');
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/upload');
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(Blob);
    expect((init.body as FormData).get('lang')).toBe('en');
    expect(headers.Authorization).toBe('tok');
    expect(headers['content-type']).toBeUndefined();
  });

  test('swrFetcher calls the [endpoint, params] key without a toast', async () => {
    fetchMock.mockResolvedValueOnce(reply({ type: 'ok', message: { data: [], page: 1, limit: 10, total: 0 } }));
    await expect(swrFetcher(['POST /news/list', { c_id: 4, page: 1 }])).resolves.toEqual({ data: [], page: 1, limit: 10, total: 0 });
    expect(Object.fromEntries(new URLSearchParams(lastCall().init.body as string))).toEqual({ c_id: '4', page: '1', lang: 'en' });
    fetchMock.mockResolvedValueOnce(reply({ type: 'error', message: 'bad' }));
    await expect(swrFetcher('GET /faq')).rejects.toMatchObject({ message: 'bad' });
    expect(feedbackStore.get().toast).toBeNull();
  });
});

describe('events: the request layer shows nothing itself', () => {
  function record(): { seen: string[]; stop: () => void } {
    const seen: string[] = [];
    const names: (keyof RequestEvents)[] = ['loadingStarted', 'loadingStopped', 'sessionExpired', 'verificationNeeded', 'failed'];
    const stops = names.map((name) => requestEvents.on(name, (payload) => {
      seen.push('error' in payload ? `${name} ${payload.error.type} silent=${payload.silent}` : 'message' in payload ? `${name} ${payload.message}` : name);
    }));
    return { seen, stop: () => stops.forEach((stop) => stop()) };
  }

  test('without the shell: 999 is told, not shown; the user stays', async () => {
    disconnect();
    setToken('tok');
    const { seen, stop } = record();
    fetchMock.mockResolvedValueOnce(reply({ type: '999', message: 'Session expired' }));
    await expect(requestByName('GET /user/info')).rejects.toMatchObject({ type: '999' });
    stop();
    expect(seen).toEqual(['loadingStarted', 'sessionExpired Session expired', 'loadingStopped']);
    expect(feedbackStore.get().toast).toBeNull();
    expect(appState.get().token).toBe('tok');
    await jest.advanceTimersByTimeAsync(5000);
    expect(window.location.hash).toBe('');
  });

  test('failures are told with whether the caller wants them shown; no loading events without loading', async () => {
    const { seen, stop } = record();
    fetchMock.mockResolvedValueOnce(reply({ type: 'error', message: 'bad' }));
    await expect(swrFetcher('GET /faq')).rejects.toMatchObject({ type: 'error' });
    fetchMock.mockResolvedValueOnce(reply({ type: '998', message: 'Verify first' }));
    await expect(requestByName('POST /wallet/out', {}, { loading: false })).rejects.toMatchObject({ type: '998' });
    stop();
    expect(seen).toEqual(['failed error silent=true', 'verificationNeeded Verify first']);
  });
});
