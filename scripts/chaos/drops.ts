/**
 * Connection drops (`--pg`): while the clients send money requests, the servers' database connections are all
 * ended at random moments, as a PostgreSQL restart, a failover or an administrator would end them. After each
 * drop every server must still be running and answer `/health` with 200 within a few seconds.
 */
import type { Random } from './random';
import { ServerFailure, sleep, type ServerProcess } from './server';

/** Drops per load cycle, at random moments of it. */
const PER_CYCLE = { min: 1, max: 3 };
const HEALTHY_WITHIN_MS = 15_000;

export interface Dropped {
  drops: number;
  /** Connections ended by them. */
  connections: number;
}

export class ConnectionDrops {
  /** Over the whole run. */
  readonly done: Dropped = { drops: 0, connections: 0 };
  private cycle: Dropped = { drops: 0, connections: 0 };
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly terminate: () => Promise<number>, private readonly servers: readonly ServerProcess[], private readonly random: Random) {}

  /** Starts this cycle's drops, spread over the `loadMs` the load will run. */
  start(loadMs: number): void {
    const count = this.random.int(PER_CYCLE.min, PER_CYCLE.max);
    const moments = Array.from({ length: count }, () => this.random.int(0, loadMs)).sort((a, b) => a - b);
    this.cycle = { drops: 0, connections: 0 };
    this.running = (async () => {
      let at = 0;
      for (const moment of moments) {
        await sleep(moment - at);
        at = moment;
        await this.dropOnce();
      }
    })();
    this.running.catch(() => undefined); // thrown by stop()
  }

  /** Waits for the cycle's drops (and the server's recovery from each); answers what they ended. */
  async stop(): Promise<Dropped> {
    await this.running;
    return this.cycle;
  }

  private async dropOnce(): Promise<void> {
    const ended = await this.terminate();
    for (const count of [this.done, this.cycle]) {
      count.drops += 1;
      count.connections += ended;
    }
    const deadline = Date.now() + HEALTHY_WITHIN_MS;
    for (const server of this.servers) {
      for (;;) {
        if (server.pid === undefined) throw new ServerFailure(`a server exited after its database connections were dropped (drop ${this.done.drops})`);
        if (await server.healthy()) break;
        if (Date.now() > deadline) throw new ServerFailure(`a server did not answer /health with 200 within ${HEALTHY_WITHIN_MS / 1000} s of drop ${this.done.drops}`);
        await sleep(100);
      }
    }
  }
}
