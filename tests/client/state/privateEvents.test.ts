/** Private socket events make the app ask again the endpoints the server names. */
import { attachPrivateEvents } from '../../../src/client/state/privateEvents';
import { onRevalidate } from '../../../src/client/state/revalidate';

test('each private event refetches the endpoints its payload names; a malformed payload refetches nothing', async () => {
  const handlers = new Map<string, (payload: unknown) => void>();
  attachPrivateEvents({ on: ((event: string, fn: (payload: unknown) => void) => { handlers.set(event, fn); }) as never });
  const seen: string[] = [];
  const offs = ['POST /wallet/list', 'GET /user/withdraw/list', 'GET /real/state'].map((e) => onRevalidate(e, () => { seen.push(e); }));
  handlers.get('balance')!({ refresh: ['POST /wallet/list', 'GET /user/withdraw/list'] });
  await new Promise((r) => setTimeout(r, 0));
  expect(seen).toEqual(['POST /wallet/list', 'GET /user/withdraw/list']);
  handlers.get('account')!({ refresh: ['GET /real/state', 42] });
  handlers.get('account')!(null);
  await new Promise((r) => setTimeout(r, 0));
  expect(seen).toEqual(['POST /wallet/list', 'GET /user/withdraw/list', 'GET /real/state']);
  offs.forEach((off) => off());
});
