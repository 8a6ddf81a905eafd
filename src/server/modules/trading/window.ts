/**
 * The seconds a trigger job looks at (limit fills, take-profit, stop-loss, liquidation): every second struck
 * since its previous run, so a price that crossed between two runs (or while the server was down, up to
 * the two hours of per-second prices the market keeps) is not missed. Looking at a second twice is harmless:
 * what a trigger does changes the order's state, which the next look sees.
 */
import { sql } from 'kysely';
import type { JobRun } from '../../jobs/types';
import { SECOND_PRICES_KEPT } from '../../market/secondPrices';

export interface SecondsWindow { from: number; to: number }

export async function secondsSincePreviousRun(run: JobRun, name: string): Promise<SecondsWindow> {
  const to = Math.floor(run.now.getTime() / 1000);
  const row = await run.trx.selectFrom('job_runs').select(sql<Date | string | null>`max(due_at)`.as('due'))
    .where('name', '=', name).where('done_at', 'is not', null).where('due_at', '<', run.due).executeTakeFirst();
  const previous = row?.due ? Math.floor(new Date(row.due).getTime() / 1000) : Math.floor(run.due.getTime() / 1000) - 1;
  return { from: Math.max(previous, to - SECOND_PRICES_KEPT + 1), to };
}

/** The part of a window after `created` (an order sees only prices struck after it was placed). */
export function after(window: SecondsWindow, created: Date | string): SecondsWindow {
  return { from: Math.max(window.from, Math.floor(new Date(created).getTime() / 1000) + 1), to: window.to };
}
