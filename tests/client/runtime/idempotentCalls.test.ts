/**
 * Every way a configured screen or form moves money carries an Idempotency-Key: each `call` action of every
 * screen file and each form's submit, run by the real action runner and submit over the real request
 * layer (fetch answers), sends the header exactly when the catalogue marks the endpoint idempotent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findEndpoint } from '../../../src/shared/contract';
import { setApiBase } from '../../../src/client/api/request';
import { runAction, type ActionEnv } from '../../../src/client/runtime/actions';
import type { Action } from '../../../src/client/runtime/types';
import { submitForm } from '../../../src/client/forms/SchemaForm';
import type { FormDefinition } from '../../../src/client/forms/types';

jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);

const root = path.resolve(__dirname, '..', '..', '..');

function jsonFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(file);
    return entry.name.endsWith('.json') && !entry.name.endsWith('schema.json') ? [file] : [];
  });
}

function callActions(node: unknown): Action[] {
  if (Array.isArray(node)) return node.flatMap(callActions);
  if (!node || typeof node !== 'object') return [];
  const self = (node as { type?: unknown }).type === 'call' && typeof (node as { endpoint?: unknown }).endpoint === 'string' ? [node as Action] : [];
  return [...self, ...Object.values(node).flatMap(callActions)];
}

const read = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));
const screenCalls = jsonFiles(path.join(root, 'screens')).flatMap((file) =>
  callActions(read(file)).map((action) => [path.relative(root, file), action] as const));
const forms = jsonFiles(path.join(root, 'schemas')).map((file) => [path.relative(root, file), read(file) as FormDefinition] as const)
  .filter(([, form]) => form.submit?.endpoint);
const endpointOf = (action: Action) => (action as { endpoint: string }).endpoint;
const idempotent = (endpoint: string) => !!findEndpoint(endpoint)?.idempotent;

let fetchMock: jest.Mock;
const sentKeys = () => fetchMock.mock.calls.map(([, init]) => (init as { headers: Record<string, string> }).headers['Idempotency-Key']);
const env: ActionEnv = { scope: { item: { id: 1 }, query: {}, params: {}, data: {} }, pipes: { t: (k: string) => k, locale: 'en', fiat: { code: 'USD', rate: '1' } } };

beforeEach(() => {
  setApiBase('/api');
  fetchMock = jest.fn(async () => ({ status: 200, json: async () => ({ type: 'ok', message: '' }) }));
  (globalThis as { fetch: unknown }).fetch = fetchMock;
});

test('the screens call endpoints that move money (the check below has something to check)', () => {
  expect(screenCalls.filter(([, action]) => idempotent(endpointOf(action))).map(([, action]) => endpointOf(action)))
    .toEqual(expect.arrayContaining(['POST /coin/cancel', 'POST /lever/close', 'POST /lever/cancel', 'POST /lh/deposit/order/cancel']));
  expect(forms.filter(([, form]) => idempotent(form.submit.endpoint)).length).toBeGreaterThan(5);
});

test.each(screenCalls.map(([file, action]) => [file, endpointOf(action), action] as const))(
  '%s: call %s sends an Idempotency-Key exactly when the endpoint moves money', async (_file, endpoint, action) => {
    await runAction(action, env);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toContain(endpoint.split(' ')[1]);
    const [key] = sentKeys();
    if (idempotent(endpoint)) expect(key).toMatch(/^[0-9a-f]{32}$/);
    else expect(key).toBeUndefined();
  });

test.each(forms.map(([file, form]) => [file, form.submit.endpoint, form] as const))(
  '%s: submit of %s sends an Idempotency-Key exactly when the endpoint moves money', async (_file, endpoint, form) => {
    await submitForm(form, { amount: '1' }, (k) => k);
    const [key] = sentKeys();
    if (idempotent(endpoint)) expect(key).toMatch(/^[0-9a-f]{32}$/);
    else expect(key).toBeUndefined();
  });
