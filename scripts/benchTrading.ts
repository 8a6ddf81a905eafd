/**
 * Trading under load (issue 11), part of the API table (benchApi.ts): `POST /coin/trade` (market orders),
 * `POST /lever/submit` and `POST /microtrade/submit`, each connection a funded user of its own with a payment
 * password set; then, once the jobs the load left have run (its seconds contracts settle), the time from a price
 * crossing a limit order to the fill event reaching a socket client, and the ledger reconciled after the run.
 * Run alone with `npx ts-node scripts/benchApi.ts` (the whole API table).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { io } from 'socket.io-client';
import { ACCOUNT_TYPES, post, reconcile } from '../src/server/ledger';
import { USDT_ID } from '../src/server/market/currencies';
import { hashPassword } from '../src/server/modules/auth/passwords';
import { issueToken } from '../src/server/sessions';
import { D } from '../src/shared/format/decimal';
import { TRADE_EVENT } from '../src/shared/contract/events';
import { SPOT_SIDE, SPOT_STATUS } from '../src/shared/contract/spot';
import { median } from './benchCommon';

export const TRADE_TARGET = { tradesPerS: 1000, p99Ms: 100 };

/**
 * The trading rows of the API table, sent as the platform's app sends them: each alternates its two bodies
 * (buy 1 and sell 2, long 1 and short 2, up 1 and down 2; `status` 1 a market contract order).
 */
export const TRADE_LOADS: Array<{ name: string; method: 'POST'; path: string; bodies: string[] }> = [
  { name: 'POST /coin/trade (market)', method: 'POST', path: '/api/coin/trade', bodies: ['currency_id=1&legal_id=3&type=1&amount=0.0001', 'currency_id=1&legal_id=3&type=2&amount=0.0001'] },
  {
    name: 'POST /lever/submit', method: 'POST', path: '/api/lever/submit',
    bodies: ['currency_id=1&legal_id=3&type=1&status=1&share=1&multiple=100&target_price=999&password=', 'currency_id=1&legal_id=3&type=2&status=1&share=1&multiple=100&target_price=999&password='],
  },
  { name: 'POST /microtrade/submit', method: 'POST', path: '/api/microtrade/submit', bodies: ['match_id=1&currency_id=3&type=1&seconds=30&number=10', 'match_id=1&currency_id=3&type=2&seconds=30&number=10'] },
];

/** `count` users, each with a payment password and funded in USDT (spot, lever, seconds accounts) and BTC; their tokens. */
export async function fundedUsers(app: FastifyInstance, count: number): Promise<string[]> {
  const { db } = app.services;
  const pay = await hashPassword('Bench-pay-1');
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const { id } = await db.insertInto('users').values({
      username: `bench${i}@example.com`, email: `bench${i}@example.com`, password_hash: pay, pay_password_hash: pay, extension_code: `BENCH${i}`,
    }).returning('id').executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => post(trx, { cause: 'deposit', ref: 'bench', legs: [
      { account: { platform: 'outside', currency: USDT_ID }, amount: '-3000000' },
      { account: { user: id, currency: USDT_ID, type: ACCOUNT_TYPES.change }, amount: '1000000' },
      { account: { user: id, currency: USDT_ID, type: ACCOUNT_TYPES.lever }, amount: '1000000' },
      { account: { user: id, currency: USDT_ID, type: ACCOUNT_TYPES.micro }, amount: '1000000' },
      { account: { platform: 'outside', currency: 1 }, amount: '-10' },
      { account: { user: id, currency: 1, type: ACCOUNT_TYPES.change }, amount: '10' },
    ] }));
    tokens.push(await issueToken(db, id, { at: new Date(), userAgent: 'benchTrading', clientIp: '127.0.0.1' }));
  }
  return tokens;
}

/** How long a sample waits for the fill event once the price has crossed (the fills job runs every second). */
const FILL_WAIT_MS = 30_000;
/** How long a sample waits for the price to cross its limit (0.01 under the last price) before trying again. */
const CROSS_WAIT_MS = 60_000;

/**
 * Milliseconds from the tick whose price crossed a limit buy to its `trade` event at a socket client, up to
 * `samples` times. An order filled at once (the price fell between reading it and placing the order) is no
 * sample, nor one the price did not reach within CROSS_WAIT_MS (it is cancelled); no fill event FILL_WAIT_MS after
 * a crossing ends the sampling with `problem`.
 */
async function crossingToEvent(app: FastifyInstance, url: string, token: string, samples: number): Promise<{ times: number[]; problem?: string }> {
  const engine = await app.services.market();
  const socket = io(url, { transports: ['websocket'], auth: { token } });
  await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
  const times: number[] = [];
  try {
    for (let attempt = 0; times.length < samples && attempt < samples * 3; attempt++) {
      const last = new D(engine.lastPrice('BTC/USDT').price);
      const limit = last.minus('0.01');
      let crossedAt = 0;
      const stop = engine.onTick((_second, ticked) => {
        const btc = ticked.find((t) => t.inst.symbol === 'BTC/USDT');
        if (!crossedAt && btc && new D(engine.lastPrice('BTC/USDT').price).lte(limit)) crossedAt = performance.now();
      });
      let onTrade: () => void = () => undefined;
      const filled = new Promise<void>((resolve) => {
        onTrade = () => { if (crossedAt) resolve(); };
        socket.on(TRADE_EVENT, onTrade);
      });
      try {
        const placed = await fetch(`${url}/api/coin/trade`, {
          method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
          body: `currency_id=1&type=${SPOT_SIDE.code('buy')}&amount=0.0001&target_price=${limit.toFixed(2)}`,
        }).then((r) => r.json() as Promise<{ type: string; message: { id: number; status: number } }>);
        if (placed.type !== 'ok') throw new Error(`could not place the limit order: ${JSON.stringify(placed)}`);
        if (SPOT_STATUS.name(placed.message.status as 1) !== 'open') continue; // filled at once: nothing crossed after it was placed
        // Resolves when no fill event came FILL_WAIT_MS after the crossing (`late`) or nothing crossed (`uncrossed`).
        let timer: NodeJS.Timeout | undefined;
        const placedAt = performance.now();
        const timeout = new Promise<'late' | 'uncrossed'>((resolve) => {
          const check = () => {
            if (crossedAt && performance.now() - crossedAt > FILL_WAIT_MS) resolve('late');
            else if (!crossedAt && performance.now() - placedAt > CROSS_WAIT_MS) resolve('uncrossed');
            else timer = setTimeout(check, 250);
          };
          check();
        });
        const outcome = await Promise.race([filled.then(() => 'filled' as const), timeout]);
        clearTimeout(timer);
        if (outcome === 'late') return { times, problem: `no fill event ${FILL_WAIT_MS / 1000} s after the price crossed order ${placed.message.id}'s limit` };
        if (outcome === 'uncrossed') {
          await fetch(`${url}/api/coin/cancel`, {
            method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' }, body: `id=${placed.message.id}`,
          });
          continue;
        }
        times.push(performance.now() - crossedAt);
      } finally {
        stop();
        socket.off(TRADE_EVENT, onTrade);
      }
    }
  } finally {
    socket.close();
  }
  return { times };
}

/** How long the bench waits for the jobs the load left (seconds contracts settle 30 s after they are placed). */
const DRAIN_WAIT_MS = 300_000;

/**
 * Waits until no job run is pending that is due now or within the next minute (the seconds contracts of the
 * load), printing how long that took: the fill latency is then measured on a scheduler that has caught up.
 */
async function drainJobs(app: FastifyInstance): Promise<void> {
  const pending = async () => Number((await app.services.db.selectFrom('job_runs').select(sql<string>`count(*)`.as('n'))
    .where('done_at', 'is', null).where('due_at', '<=', new Date(Date.now() + 60_000)).executeTakeFirstOrThrow()).n);
  const t0 = performance.now();
  const first = await pending();
  let left = first;
  while (left > 0 && performance.now() - t0 < DRAIN_WAIT_MS) {
    await new Promise((r) => setTimeout(r, 1000));
    left = await pending();
  }
  const took = ((performance.now() - t0) / 1000).toFixed(0);
  console.log(`  jobs left by the load (due within a minute): ${first}, ${left ? `still ${left} after ${took} s` : `all run ${took} s after the load`}`);
}

/** After the load: the jobs it left run, then the fill latency, then the jobs stopped and the ledger reconciled (false: a missing fill event, mismatches). */
export async function tradingAfterLoad(app: FastifyInstance, url: string, token: string): Promise<boolean> {
  await drainJobs(app);
  const fills = await crossingToEvent(app, url, token, 5);
  const of = fills.times.length ? `median ${Math.round(median(fills.times))} ms (of ${fills.times.map((x) => Math.round(x)).join(', ')}; the fills job runs every second)` : 'not measured';
  console.log(`  price crossing -> fill event at the app: ${of}${fills.problem ? `; FAILED: ${fills.problem}` : ''}`);
  await app.services.jobs.stop();
  const rec = await reconcile(app.services.db);
  console.log(`  ledger after the run: ${rec.accounts} accounts, ${rec.entries} entries, ${rec.ok ? 'reconciled' : 'MISMATCHES'}`);
  return rec.ok && !fills.problem;
}
