/**
 * A clock the operator can move, for browser tests of work that happens at a time (a seconds contract's
 * expiry, a limit order filled when the price crosses, a daily yield): only when the server was started with
 * TEST_CLOCK=1, which adds the command `npm run ops -- clock-advance <seconds>`. Without the setting the
 * command does not exist and the clock is the system's. The market follows the clock (it strikes every
 * second in between), and the jobs run once right after the move.
 */
import { defineArea, type Area } from '../area';

export interface TestClock { now(): Date; area: Area }

/** The most one command moves the clock: the market keeps the price of each second for two hours. */
const MAX_SECONDS = 2 * 3600;

export function testClock(): TestClock {
  let offsetMs = 0;
  const now = () => new Date(Date.now() + offsetMs);
  const area = defineArea({
    name: 'testClock',
    endpoints: [],
    handlers: {},
    ops: [{
      name: 'clock-advance', args: [{ name: 'seconds', kind: 'id' }],
      summary: `moves the server's clock forward (at most ${MAX_SECONDS} s) and runs the jobs then due (TEST_CLOCK=1 only)`,
      async run(services, args) {
        const seconds = Math.min(Number(args.seconds), MAX_SECONDS);
        offsetMs += seconds * 1000;
        (await services.market()).advanceTo(now().getTime());
        // Not the server's own pass that may be running: it saw the time before the move.
        const { ran, failed } = await services.jobs.tickFromNow();
        return { lines: [`clock moved ${seconds} s to ${now().toISOString()}; ${ran} job run(s), ${failed} failed`], exitCode: failed ? 1 : 0 };
      },
    }],
  });
  return { now, area };
}
