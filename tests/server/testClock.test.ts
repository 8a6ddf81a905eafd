/**
 * TEST_CLOCK across a restart: the restart sets the clock back to the system's time, behind the seconds the
 * market struck while the clock was moved on; the market strikes none of them again and goes on once the
 * clock passes them.
 */
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db';
import { openTestDatabase, type LogLine } from './helpers';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); }, 60_000);
afterAll(async () => { await database?.close(); });

const logs: LogLine[] = [];

/** A server with TEST_CLOCK=1 on the suite's database (a restart is a new one). */
async function server(): Promise<FastifyInstance> {
  const before = process.env.TEST_CLOCK;
  process.env.TEST_CLOCK = '1';
  try {
    const logger = pino({ level: 'info' }, { write(line: string) { logs.push(JSON.parse(line) as LogLine); } });
    return await buildApp({ database, ownDatabase: false, watchConfig: false, logger, distDir: path.join(os.tmpdir(), 'no-dist') });
  } finally {
    if (before === undefined) delete process.env.TEST_CLOCK; else process.env.TEST_CLOCK = before;
  }
}

/** `npm run ops -- clock-advance <seconds>`, as the server runs it. */
async function clockAdvance(app: FastifyInstance, seconds: number): Promise<void> {
  const command = app.services.areas.flatMap((a) => a.ops ?? []).find((c) => c.name === 'clock-advance')!;
  await command.run(app.services, { seconds });
}

test('a restart sets the test clock back: the market strikes no second twice and goes on once the clock passes its last one', async () => {
  const first = await server();
  await clockAdvance(first, 3600);
  const struck = (await first.services.market()).lastPrice('BTC/USDT');
  expect(struck.second).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 3599);
  const before = (await first.services.market()).pricesBetween('BTC/USDT', struck.second - 60, struck.second);
  await first.close();

  const second = await server();
  try {
    const market = await second.services.market();
    expect(market.lastPrice('BTC/USDT')).toEqual(struck);
    expect(logs.some((l) => l.msg === 'the clock is behind the last second the market struck: the market waits for it')).toBe(true);
    await clockAdvance(second, 1800); // still behind
    expect(market.lastPrice('BTC/USDT')).toEqual(struck);

    await clockAdvance(second, 1800 + 60);
    const after = market.lastPrice('BTC/USDT').second;
    expect(after).toBeGreaterThan(struck.second);
    // Each second once: those struck before the restart with the prices struck then, then the new ones.
    expect(market.pricesBetween('BTC/USDT', struck.second - 60, after)).toEqual([
      ...before, ...market.pricesBetween('BTC/USDT', struck.second + 1, after),
    ]);
    expect(market.pricesBetween('BTC/USDT', struck.second + 1, after).map((p) => p.second))
      .toEqual(Array.from({ length: after - struck.second }, (_, i) => struck.second + 1 + i));
    const minutes = market.candles('BTC/USDT', '1min', 0, after * 1000, 5000).map((c) => c.time);
    expect(minutes.every((t, i) => i === 0 || t > minutes[i - 1])).toBe(true);
  } finally {
    await second.close();
  }
});
