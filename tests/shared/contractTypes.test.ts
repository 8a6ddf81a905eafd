/**
 * The contract's types come from its schemas: what these lines assert is checked by the compiler (`npm
 * test` runs tsc over the tests), so a schema change that breaks a caller fails the type check.
 */
import type { EndpointKey, InputOf, RequestOf, ResponseOf } from '../../src/shared/contract';
import { ENDPOINTS } from '../../src/shared/contract';
import type { Handler } from '../../src/server/context';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
const holds = <T extends true>(): T => true as T;

test('request, input and response types follow the schemas; an unknown endpoint does not compile', () => {
  holds<Equal<ResponseOf<'GET /user/info'>['real_level'], 0 | 1 | 2>>();
  holds<Equal<ResponseOf<'GET /user/info'>['email'], string | null>>();
  holds<Equal<RequestOf<'POST /user/login'>['user_string'], string>>();
  holds<Equal<ResponseOf<'GET /recharge/log'>['data'][number]['status'], 0 | 1 | 2>>();
  // A field with a default may be left out by the app, and is always there for the handler.
  holds<Equal<RequestOf<'GET /recharge/log'>['page'], number | undefined>>();
  holds<Equal<InputOf<'GET /recharge/log'>['page'], number>>();
  // @ts-expect-error not an endpoint of the catalogue
  const unknown: EndpointKey = 'GET /nowhere';
  expect(unknown).toBe('GET /nowhere');
  expect(Object.keys(ENDPOINTS)).toContain('GET /user/info' satisfies EndpointKey);
});

test('a handler is typed by its endpoint: its input, and what it may answer', () => {
  const login: Handler<'POST /user/login'> = async (ctx) => `token for ${ctx.input.user_string}`;
  // @ts-expect-error the login answer is a string (the token), not a number
  const wrong: Handler<'POST /user/login'> = async () => 42;
  expect([typeof login, typeof wrong]).toEqual(['function', 'function']);
});
