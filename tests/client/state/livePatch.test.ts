/** Live patches (`lever_trade`) merge the positions' live fields into cached answers without asking again. */
import { applyLivePatch, attachLivePatches, mergeLive, onLivePatch, patchOf } from '../../../src/client/state/livePatch';
import type { LivePatch } from '../../../src/shared/contract/events';

const patch: LivePatch = {
  endpoints: ['POST /lever/my_trade', 'POST /lever/dealall'],
  rows: [{ id: 7, status: 'open', current_price: '101', profit: '10', hazard_rate: '120.00' }],
  records: { totals: { profits_total: '10', hazard_rate: '120.00' } },
};

test('rows of the same id and status take the live fields; records merge by name; the rest keeps its identity', () => {
  const other = { id: 8, status: 'open', profit: '1' };
  const page = { data: [{ id: 7, status: 'open', lots: 3, profit: '2' }, other], page: 1, limit: 10, total: 2 };
  const merged = mergeLive(page, patch);
  expect(merged.data[0]).toEqual({ id: 7, status: 'open', lots: 3, profit: '10', current_price: '101', hazard_rate: '120.00' });
  expect(merged.data[1]).toBe(other);
  const dealall = { positions: [{ id: 7, status: 'open', profit: '2' }], totals: { available: '50', profits_total: '2', hazard_rate: '101.00', positions: 1 } };
  expect(mergeLive(dealall, patch)).toEqual({
    positions: [{ id: 7, status: 'open', profit: '10', current_price: '101', hazard_rate: '120.00' }],
    totals: { available: '50', profits_total: '10', hazard_rate: '120.00', positions: 1 },
  });
  const untouched = { data: [{ id: 9, status: 'open' }] };
  expect(mergeLive(untouched, patch)).toBe(untouched);
});

test('a late patch never revives a row that has closed meanwhile', () => {
  const closed = { id: 7, status: 'closed', profit: '-3' };
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
      updated: updater({ totals: { profits_total: '0' } }),
      opts,
    });
    return [];
  }) as never;
  await applyLivePatch(patch, mutate);
  expect(calls).toEqual([{ filterHit: [true, false, false], updated: { totals: { profits_total: '10', hazard_rate: '120.00' } }, opts: { revalidate: false } }]);
});
