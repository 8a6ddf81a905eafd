/**
 * The checks after each restart, through the API and the operator route of the restarted server:
 * 1. the ledger reconciles (`npm run ops -- reconcile`: every balance equals the sum of its postings, every
 *    entry sums to zero);
 * 2. each client's balances are what the acknowledged requests make them, give or take the one request it had
 *    in flight when the server died: that one is sent again with its key, and the balances before it was sent
 *    again tell whether it had committed before the kill;
 * 3. every request acknowledged since the last kill (and a sample of older ones), sent again with the same
 *    Idempotency-Key, gets the same answer;
 * 4. the balances did not move with those repeats, and the records are all there: one transfer, exchange or
 *    withdrawal record per acknowledged request.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Envelope } from '../../src/shared/contract';
import { freshClientAddress, isOk, NoAnswer } from './api';
import { Balances } from './balances';
import type { Client, Journal } from './load';
import { ops } from './ops';
import type { Random } from './random';
import { sleep } from './server';
import { changesOf, KIND, type SentRequest } from './requests';

/** Older acknowledged requests sent again after each restart, besides all of the last cycle's. */
const OLDER_SAMPLE = 20;

export class ChaosFailure extends Error {
  constructor(summary: string, readonly details: string[] = []) {
    super(summary);
  }
}

export interface VerifyContext { dataDir: string; clients: readonly Client[]; journal: Journal; random: Random }

export interface Verified {
  /** `812 accounts, 1450 entries`. */
  ledger: string;
  inFlight: number;
  /** In-flight requests that had committed before the kill (their answer was lost). */
  committedBeforeKill: number;
  repeated: number;
}

const show = (r: SentRequest) => `#${r.seq} ${r.client} ${r.endpoint} ${JSON.stringify(r.fields)} key ${r.key} (cycle ${r.cycle})`;
const showAnswer = (a: Envelope | undefined) => (a ? JSON.stringify(a) : 'no answer');

const requestsOf = (journal: Journal, client: Client, cycle: number) =>
  journal.ofCycle(cycle).filter((r) => r.client === client.account.name).map((r) => `  ${show(r)} -> ${showAnswer(r.answer ?? r.resolvedBy)}`);

async function reconciled(dataDir: string): Promise<string> {
  const { exitCode, lines } = await ops(dataDir, 'reconcile');
  if (exitCode !== 0) throw new ChaosFailure('the ledger does not reconcile (npm run ops -- reconcile)', lines);
  return lines[0].split(':')[0];
}

/** Sends a journal request again with its key; a missing answer is retried briefly (the server just started). */
async function sendAgain(client: Client, request: SentRequest): Promise<Envelope> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await client.api.call(request.endpoint, request.fields, { token: client.account.token, idempotencyKey: request.key });
    } catch (err) {
      if (!(err instanceof NoAnswer) || attempt === 5) throw err;
      await sleep(300);
    }
  }
}

async function balancesOf(client: Client): Promise<Balances> {
  const answer = await client.api.call('POST /wallet/list', {}, { token: client.account.token });
  if (!isOk(answer)) throw new ChaosFailure(`POST /wallet/list of ${client.account.name} was refused`, [showAnswer(answer)]);
  return Balances.fromWalletList(answer.message);
}

function expectBalances(client: Client, found: Balances, when: string, journal: Journal, cycle: number): void {
  const differences = client.expected.differences(found);
  if (!differences.length) return;
  throw new ChaosFailure(`the balances of ${client.account.name} ${when} are not what its acknowledged requests make them`, [
    ...differences,
    'its requests since the last restart:',
    ...requestsOf(journal, client, cycle),
  ]);
}

/** Step 2 for one client: returns whether its in-flight request (if any) had committed before the kill. */
async function settleInFlight(ctx: VerifyContext, client: Client, cycle: number): Promise<boolean | undefined> {
  const before = await balancesOf(client);
  const inFlight = ctx.journal.ofCycle(cycle).find((r) => r.client === client.account.name && r.noAnswer !== undefined);
  if (!inFlight) {
    expectBalances(client, before, 'after the restart', ctx.journal, cycle);
    return undefined;
  }
  const withoutIt = client.expected.differences(before);
  inFlight.resolvedBy = await sendAgain(client, inFlight);
  if (inFlight.resolvedBy.type === 'ok') for (const change of changesOf(inFlight.endpoint, inFlight.resolvedBy.message)) client.expected.apply(change);
  const withIt = client.expected.differences(before);
  if (!withoutIt.length) return false;
  if (!withIt.length && inFlight.resolvedBy.type === 'ok') return true;
  throw new ChaosFailure(`the balances of ${client.account.name} after the restart are not what its acknowledged requests make them, `
    + 'with or without its request in flight at the kill', [
    `in flight: ${show(inFlight)} (${inFlight.noAnswer}); sent again after the restart: ${showAnswer(inFlight.resolvedBy)}`,
    'without it:', ...withoutIt.map((d) => `  ${d}`),
    'with it:', ...withIt.map((d) => `  ${d}`),
    'its requests since the last restart:',
    ...requestsOf(ctx.journal, client, cycle),
  ]);
}

/** Step 3: the requests to repeat, each with the answer it must get again. */
function toRepeat(ctx: VerifyContext, cycle: number): SentRequest[] {
  const isOk = (r: SentRequest) => (r.answer ?? r.resolvedBy)?.type === 'ok';
  const recent = ctx.journal.ofCycle(cycle).filter(isOk);
  const older = ctx.journal.requests.filter((r) => r.cycle < cycle && isOk(r));
  const sample = Array.from({ length: Math.min(OLDER_SAMPLE, older.length) }, () => ctx.random.pick(older));
  return [...new Set([...recent, ...sample])];
}

async function repeatAcknowledged(ctx: VerifyContext, cycle: number): Promise<number> {
  const requests = toRepeat(ctx, cycle);
  const byClient = new Map(ctx.clients.map((c) => [c.account.name, c]));
  const queue = [...requests];
  const worker = async () => {
    for (let request = queue.shift(); request; request = queue.shift()) {
      const first = request.answer?.type === 'ok' ? request.answer : request.resolvedBy!;
      const again = await sendAgain(byClient.get(request.client)!, request);
      if (!isDeepStrictEqual(again, first)) {
        throw new ChaosFailure(`an acknowledged request got another answer when sent again with its Idempotency-Key`, [
          show(request), `first answer: ${showAnswer(first)}`, `now:          ${showAnswer(again)}`,
        ]);
      }
    }
  };
  await Promise.all(ctx.clients.map(worker));
  return requests.length;
}

/** Step 4's records: the server's count of each kind against the acknowledged requests of that kind. */
async function expectRecords(ctx: VerifyContext, client: Client): Promise<void> {
  const as = { token: client.account.token };
  const done = ctx.journal.requests.filter((r) => r.client === client.account.name && (r.answer ?? r.resolvedBy)?.type === 'ok');
  const count = (kind: string) => done.filter((r) => KIND[r.endpoint] === kind).length;
  const total = (answer: Envelope<{ total: number }>, what: string) => {
    if (!isOk(answer)) throw new ChaosFailure(`${what} of ${client.account.name} was refused`, [showAnswer(answer)]);
    return answer.message.total;
  };
  const found = {
    transfer: total(await client.api.call('GET /wallet/hzhistory', { limit: '1' }, as), 'GET /wallet/hzhistory'),
    // An exchange is two lines of the statement: the currency sold and the one bought.
    exchange: total(await client.api.call('POST /wallet/legal_log', { cause: 'exchange', limit: '1' }, as), 'POST /wallet/legal_log') / 2,
    withdrawal: total(await client.api.call('GET /user/withdraw/list', { limit: '1' }, as), 'GET /user/withdraw/list'),
  };
  const wrong = Object.entries(found).filter(([kind, n]) => n !== count(kind));
  if (wrong.length) {
    throw new ChaosFailure(`the server's records of ${client.account.name} do not match its acknowledged requests`,
      wrong.map(([kind, n]) => `${kind}s: ${count(kind)} acknowledged, ${n} recorded`));
  }
}

export async function verifyAfterRestart(ctx: VerifyContext, cycle: number): Promise<Verified> {
  for (const client of ctx.clients) client.api = client.api.from(freshClientAddress());
  const ledger = await reconciled(ctx.dataDir);
  const settled = await Promise.all(ctx.clients.map((client) => settleInFlight(ctx, client, cycle)));
  const repeated = await repeatAcknowledged(ctx, cycle);
  for (const client of ctx.clients) {
    expectBalances(client, await balancesOf(client), 'after the repeated requests', ctx.journal, cycle);
    await expectRecords(ctx, client);
  }
  await reconciled(ctx.dataDir);
  return {
    ledger,
    inFlight: settled.filter((s) => s !== undefined).length,
    committedBeforeKill: settled.filter((s) => s === true).length,
    repeated,
  };
}
