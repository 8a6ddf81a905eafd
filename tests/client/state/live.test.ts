/** Live patches (`lever_trade`) merge the positions' live fields into cached answers without asking again. */
import { applyLivePatch, attachLivePatches, mergeLive, onLivePatch, patchOf } from '../../../src/client/state/live';
import type { LivePatch } from '../../../src/shared/contract/events';

/** As the server sends it: positions by id while open (status 1), the account's totals by name. */
const patch: LivePatch = {
  endpoints: ['POST /lever/my_trade', 'POST /lever/dealall'],
  rows: [{ id: 7, status: 1, update_price: '101', profits: '10', hazard_rate: '120.00' }],
  records: { rate_profits_total: { profits_total: '10', hazard_rate: '120.00' } },
};

test('rows of the same id and status take the live fields; records merge by name; the rest keeps its identity', () => {
  const other = { id: 8, status: 1, profits: '1' };
  // `/lever/my_trade`: the page nested in `message`, the totals beside it.
  const myTrade = {
    message: { data: [{ id: 7, status: 1, share: 3, profits: '2' }, other], page: 1, limit: 10, total: 2 },
    rate_profits_total: { profits_total: '2', hazard_rate: '101.00', positions: 2 },
  };
  const merged = mergeLive(myTrade, patch);
  expect(merged.message.data[0]).toEqual({ id: 7, status: 1, share: 3, profits: '10', update_price: '101', hazard_rate: '120.00' });
  expect(merged.message.data[1]).toBe(other);
  expect(merged.rate_profits_total).toEqual({ profits_total: '10', hazard_rate: '120.00', positions: 2 });
  const dealall = { user_lever: '50', my_transaction: [{ id: 7, status: 1, profits: '2' }], rate_profits_total: { profits_total: '2', hazard_rate: '101.00', positions: 1 } };
  expect(mergeLive(dealall, patch)).toEqual({
    user_lever: '50',
    my_transaction: [{ id: 7, status: 1, profits: '10', update_price: '101', hazard_rate: '120.00' }],
    rate_profits_total: { profits_total: '10', hazard_rate: '120.00', positions: 1 },
  });
  const untouched = { data: [{ id: 9, status: 1 }] };
  expect(mergeLive(untouched, patch)).toBe(untouched);
});

test('a late patch never revives a row that has closed meanwhile', () => {
  const closed = { id: 7, status: 3, profits: '-3' };
  expect(mergeLive([closed], patch)[0]).toBe(closed);
});

test('a malformed payload patches nothing; a good one reaches the paged lists of the endpoints it names', async () => {
  expect(patchOf(null)).toBeUndefined();
  expect(patchOf({ patch: { endpoints: 'POST /lever/my_trade' } })).toBeUndefined();
  expect(patchOf({ patch: { endpoints: ['POST /lever/dealall'], rows: [{ id: '7' }, { id: 7 }] } })).toEqual({ endpoints: ['POST /lever/dealall'], rows: [{ id: 7 }], records: undefined });

  const handlers = new Map<string, (payload: unknown) => void>();
  attachLivePatches({ on: ((event: string, fn: (payload: unknown) => void) => { handlers.set(event, fn); }) as never });
  const seen: LivePatch[] = [];
  const off = onLivePatch('POST /lever/my_trade', (p) => { seen.push(p); });
  const offOther = onLivePatch('POST /coin/list', () => { throw new Error('not named'); });
  handlers.get('lever_trade')!({ available: '1', patch: { whatever: true } });
  handlers.get('lever_trade')!({ available: '1', patch });
  await new Promise((r) => setTimeout(r, 0));
  expect(seen).toEqual([patch]);
  off(); offOther();
});

test('plain SWR entries of the named endpoints are updated without revalidation', async () => {
  const calls: Array<{ filterHit: boolean[]; updated: unknown; opts: unknown }> = [];
  const mutate = (async (filter: (key: unknown) => boolean, updater: (d: unknown) => unknown, opts: unknown) => {
    calls.push({
      filterHit: [['POST /lever/dealall', {}], ['POST /coin/list', {}], '$inf$x'].map((k) => filter(k)),
      updated: updater({ rate_profits_total: { profits_total: '0' } }),
      opts,
    });
    return [];
  }) as never;
  await applyLivePatch(patch, mutate);
  expect(calls).toEqual([{ filterHit: [true, false, false], updated: { rate_profits_total: { profits_total: '10', hazard_rate: '120.00' } }, opts: { revalidate: false } }]);
});
