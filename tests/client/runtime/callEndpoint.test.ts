/**
 * The one call function: an idempotent endpoint's call carries one Idempotency-Key per user intent (kept
 * for a retry until it succeeds), and a success refreshes what the catalogue says the call changed.
 */
import { CALL_RULES, REFRESHED_BY } from '../../../src/client/api/callRules';
import { setApiBase } from '../../../src/client/api/request';
import { callEndpoint } from '../../../src/client/runtime/callEndpoint';
import { onRevalidate } from '../../../src/client/state/revalidate';

let fetchMock: jest.Mock;
const answer = (body: unknown) => ({ status: 200, json: async () => body });
const ok = () => answer({ type: 'ok', message: 'done' });
const keys = () => fetchMock.mock.calls.map(([, init]) => (init as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key']);

beforeEach(() => {
  setApiBase('/api');
  fetchMock = jest.fn(async () => ok());
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

test('an idempotent endpoint: a retry after a lost answer reuses the key; after a success the same payload is a new intent', async () => {
  fetchMock.mockRejectedValueOnce(new TypeError('network down'));
  await expect(callEndpoint('POST /lever/close', { id: 1 })).rejects.toMatchObject({ type: 'network' });
  await callEndpoint('POST /lever/close', { id: 1 });
  await callEndpoint('POST /lever/close', { id: 1 });
  const [lost, retry, next] = keys();
  expect(lost).toMatch(/^[0-9a-f]{32}$/);
  expect(retry).toBe(lost);
  expect(next).toMatch(/^[0-9a-f]{32}$/);
  expect(next).not.toBe(lost);
});

test('another payload is another intent with its own key', async () => {
  fetchMock.mockRejectedValue(new TypeError('network down'));
  await expect(callEndpoint('POST /coin/cancel', { id: 1 })).rejects.toBeDefined();
  await expect(callEndpoint('POST /coin/cancel', { id: 2 })).rejects.toBeDefined();
  await expect(callEndpoint('POST /coin/cancel', { id: 1 })).rejects.toBeDefined();
  const [first, other, again] = keys();
  expect(other).not.toBe(first);
  expect(again).toBe(first);
});

test('an endpoint that moves no money sends no key', async () => {
  await callEndpoint('POST /user/editNickname', { nickname: 'amy' });
  expect(keys()).toEqual([undefined]);
});

test('a success refreshes what the call changed (changes -> refreshOn); a failure refreshes nothing', async () => {
  const refreshed: string[] = [];
  const stops = ['POST /lever/my_trade', 'POST /wallet/list', 'GET /user/info'].map((e) => onRevalidate(e, () => { refreshed.push(e); }));
  fetchMock.mockResolvedValueOnce(answer({ type: 'error', message: 'no such position' }));
  await expect(callEndpoint('POST /lever/close', { id: 9 })).rejects.toMatchObject({ type: 'error' });
  expect(refreshed).toEqual([]);
  await callEndpoint('POST /lever/close', { id: 9 });
  expect(refreshed.sort()).toEqual(['POST /lever/my_trade', 'POST /wallet/list']);
  expect(CALL_RULES['POST /lever/close'].changes?.flatMap((event) => REFRESHED_BY[event]))
    .toEqual(expect.arrayContaining(['POST /lever/my_trade', 'POST /lever/deal', 'POST /lever/dealall', 'POST /wallet/list']));
  stops.forEach((stop) => stop());
});
