/**
 * Where a form goes after success may name the answer as `data` (the order just placed), and stays inside the app.
 */
import { setApiBase } from '../../../src/client/api/request';
import { submitForm } from '../../../src/client/forms/SchemaForm';
import type { FormDefinition } from '../../../src/client/forms/types';
import { resolveValue, type PipeContext } from '../../../src/client/runtime/bindings';
import { navigation } from '../widgets/fakeApi';

jest.mock('../../../src/client/platform/feedback', () => require('../widgets/fakeApi').feedback);
jest.mock('../../../src/client/platform/navigation', () => require('../widgets/fakeApi').navigation);

const pipes: PipeContext = { t: (k) => k, locale: 'en', fiat: { code: 'USD', rate: '1' } };
const scope = { query: { back: '' }, params: {}, data: { fee: '10' } };
const bind = (value: unknown, answer?: unknown) => resolveValue(value, answer === undefined ? scope : { ...scope, data: answer }, pipes);

beforeEach(() => {
  setApiBase('/api');
  navigation.navigateTo.mockClear();
  (globalThis as { fetch: unknown }).fetch = jest.fn(async () => ({ status: 200, json: async () => ({ type: 'ok', message: { id: 7, status: 0 } }) }));
});

test('the route is bound to the answer: the page of the order just placed', async () => {
  const form = { schema: {}, submit: { endpoint: 'POST /fiat/order', success: { navigate: '/pages/buy/order?id={{data.id}}' } } } as FormDefinition;
  await submitForm(form, { amount: '100' }, (k) => k, bind);
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/buy/order?id=7');
});

test('a bound route that would leave the app goes home instead', async () => {
  (globalThis as { fetch: unknown }).fetch = jest.fn(async () => ({ status: 200, json: async () => ({ type: 'ok', message: { id: 'https://evil.example/x' } }) }));
  const form = { schema: {}, submit: { endpoint: 'POST /fiat/order', success: { navigate: '{{data.id}}' } } } as FormDefinition;
  await submitForm(form, {}, (k) => k, bind);
  expect(navigation.navigateTo).toHaveBeenCalledWith('/pages/index/index');
});
