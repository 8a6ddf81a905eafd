/**
 * The load: every client sends money requests one after the other (so it always knows its own balances),
 * the clients concurrently. Each request carries a new Idempotency-Key and is kept in the journal with its
 * answer. When the server is killed, a client's request in flight gets no answer and the client stops.
 */
import type { Envelope } from '../../src/shared/contract';
import { freshClientAddress, isUnavailable, NoAnswer, type Api } from './api';
import type { Account } from './accounts';
import type { Balances } from './balances';
import type { Random } from './random';
import { changesOf, nextRequest, type SentRequest } from './requests';
import { sleep } from './server';

/** Well below the server's limit per client address (600 requests a minute, src/server/throttle/limits.ts). */
const REQUESTS_PER_ADDRESS = 300;
/** The wait before a request answered "try again shortly" is sent again. */
const UNAVAILABLE_RETRY_MS = 200;

export interface Client {
  account: Account;
  /** The API, called from this client's current address. */
  api: Api;
  /** What its balances must be: after setup, plus every acknowledged request. */
  expected: Balances;
  random: Random;
}

export class Journal {
  readonly requests: SentRequest[] = [];

  constructor(private readonly keyPrefix: string) {}

  add(request: Omit<SentRequest, 'seq' | 'key'>): SentRequest {
    const seq = this.requests.length + 1;
    const sent = { ...request, seq, key: `${this.keyPrefix}-${seq}` };
    this.requests.push(sent);
    return sent;
  }

  ofCycle(cycle: number): SentRequest[] {
    return this.requests.filter((r) => r.cycle === cycle);
  }
}

export class Load {
  private stopping = false;
  private running: Promise<void>[] = [];
  private failure?: unknown;

  constructor(private readonly journal: Journal, private readonly clients: readonly Client[]) {}

  start(cycle: number): void {
    this.stopping = false;
    this.running = this.clients.map((client) => this.run(client, cycle));
  }

  /** Waits for every client's last request; throws what broke a client other than a missing answer. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
    if (this.failure) throw this.failure;
  }

  private async run(client: Client, cycle: number): Promise<void> {
    const sender = { expected: client.expected, payPassword: client.account.payPassword };
    for (let sent = 0; !this.stopping; sent++) {
      if (sent % REQUESTS_PER_ADDRESS === 0) client.api = client.api.from(freshClientAddress());
      const planned = nextRequest(sender, client.random);
      if (!planned) {
        this.failure ??= new Error(`${client.account.name} has no money left to move`);
        return;
      }
      const request = this.journal.add({ client: client.account.name, cycle, ...planned });
      try {
        request.answer = await this.send(client, request);
      } catch (err) {
        if (err instanceof NoAnswer) {
          request.noAnswer = err.message;
          return;
        }
        this.failure ??= err;
        return;
      }
      if (request.answer.type === 'ok') for (const change of changesOf(request.endpoint, request.answer.message)) client.expected.apply(change);
    }
  }

  /**
   * Sends until the answer is not "try again shortly" (whether that request committed is unknown to the
   * server too: the database's answer was lost), as the app does: again, with the same key.
   */
  private async send(client: Client, request: SentRequest): Promise<Envelope> {
    for (;;) {
      const answer = await client.api.call(request.endpoint, request.fields, { token: client.account.token, idempotencyKey: request.key });
      if (!isUnavailable(answer)) return answer;
      request.unavailable = (request.unavailable ?? 0) + 1;
      await sleep(UNAVAILABLE_RETRY_MS);
    }
  }
}
