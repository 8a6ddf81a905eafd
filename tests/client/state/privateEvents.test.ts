/** Private socket events make the app refetch what they concern. */
import { attachPrivateEvents, BALANCE_ENDPOINTS } from '../../../src/client/state/privateEvents';
import { onRevalidate } from '../../../src/client/state/revalidate';

test('balance refetches balances and money records; account refetches the identity level', async () => {
  const handlers = new Map<string, () => void>();
  attachPrivateEvents({ on: ((event: string, fn: () => void) => { handlers.set(event, fn); }) as never });
  const seen: string[] = [];
  const offs = ['POST /wallet/list', 'GET /user/withdraw/list', 'GET /real/state'].map((e) => onRevalidate(e, () => { seen.push(e); }));
  handlers.get('balance')!();
  await new Promise((r) => setTimeout(r, 0));
  expect(seen).toEqual(['POST /wallet/list', 'GET /user/withdraw/list']);
  handlers.get('account')!();
  await new Promise((r) => setTimeout(r, 0));
  expect(seen).toEqual(['POST /wallet/list', 'GET /user/withdraw/list', 'GET /real/state']);
  expect(BALANCE_ENDPOINTS).toContain('POST /wallet/legal_log');
  offs.forEach((off) => off());
});
