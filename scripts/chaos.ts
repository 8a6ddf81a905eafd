/**
 * `npm run chaos -- [--pg] [--kills N] [--seed S] [--clients N] [--load-ms MIN-MAX]`: crash-safety of the
 * money paths. Starts the real server (scripts/chaos/server.ts) on a new DATA_DIR with embedded PGlite, or
 * with `--pg` on a new PostgreSQL database (scripts/chaos/database.ts), sets up a few accounts, and then N
 * times: lets the clients send money requests (transfers, exchanges, withdrawals, each with an
 * Idempotency-Key) for a random while, during which `--pg` also ends all the server's database connections
 * at random moments (scripts/chaos/drops.ts; a request answered "try again shortly" is sent again with its
 * key), kills the server with SIGKILL, restarts it on the same DATA_DIR and database and checks that the
 * ledger reconciles and that every acknowledged request is there (scripts/chaos/verify.ts). Prints a line per
 * kill and a summary (`kills survived: N/N`, and the drops survived), or the first failure (exit 1).
 * The same --seed replays the same requests and kill moments (the server's own timing still varies).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyConfiguration } from '../src/server/configuration/files';
import { setUpAccounts } from './chaos/accounts';
import { Api, okMessage } from './chaos/api';
import { Balances } from './chaos/balances';
import { cleanUpOnSignals, onCleanup, runCleanups } from './chaos/cleanup';
import { DEFAULT_PG_URL, embeddedDatabase, postgresDatabase, type ChaosDatabase } from './chaos/database';
import { ConnectionDrops } from './chaos/drops';
import { Journal, Load, type Client } from './chaos/load';
import { parseOptions, UsageError, type ChaosOptions } from './chaos/options';
import { Random } from './chaos/random';
import { KIND, acknowledged, MONEY_ENDPOINTS } from './chaos/requests';
import { freePort, ServerFailure, ServerProcess, sleep } from './chaos/server';
import { ChaosFailure, verifyAfterRestart } from './chaos/verify';

const DEMO_PASSWORD = 'chaos-demo-1';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-'));
  onCleanup(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
  return dir;
}

function counts(requests: { endpoint: (typeof MONEY_ENDPOINTS)[number] }[]): string {
  return MONEY_ENDPOINTS.map((e) => {
    const n = requests.filter((r) => r.endpoint === e).length;
    return `${n} ${KIND[e]}${n === 1 ? '' : 's'}`;
  }).join(', ');
}

async function run(options: ChaosOptions): Promise<void> {
  const began = Date.now();
  const random = new Random(options.seed);
  const root = newDataDir();
  const dataDir = path.join(root, 'data');
  const database: ChaosDatabase = options.pg ? await postgresDatabase(process.env.DATABASE_URL || DEFAULT_PG_URL, options.seed) : embeddedDatabase;
  const server = new ServerProcess({
    dataDir,
    distDir: path.join(root, 'dist'),
    // A copy, so that edits to the repository's screens during the run cannot stop a restart.
    configDir: copyConfiguration(path.join(root, 'config')),
    port: await freePort(),
    demoPassword: DEMO_PASSWORD,
    marketSeed: options.seed,
    databaseUrl: database.serverUrl,
  });
  onCleanup(() => server.killNow());
  const api = new Api(server.url);
  console.log(`chaos: seed ${options.seed}, ${options.kills} kills, ${options.clients} clients, DATA_DIR ${dataDir}, ${database.label}`);

  try {
    const firstStart = await server.start();
    const accounts = await setUpAccounts({ api, server, dataDir, demoPassword: DEMO_PASSWORD }, options.clients);
    const clients: Client[] = [];
    for (const account of accounts) {
      const list = okMessage(await api.call('POST /wallet/list', {}, { token: account.token }), `POST /wallet/list of ${account.name}`);
      clients.push({ account, api, expected: Balances.fromWalletList(list), random: random.fork() });
    }
    console.log(`server started in ${seconds(firstStart)} (pid ${server.pid}, ${server.url}); ${clients.length} accounts ready after ${seconds(Date.now() - began)}`);

    // Its own stream: how many samples the checks draw must not move the kill moments of a --seed.
    const checksRandom = random.fork();
    const drops = database.terminateServerConnections ? new ConnectionDrops(database.terminateServerConnections, server, random.fork()) : undefined;
    const journal = new Journal(`chaos-${options.seed}`);
    const load = new Load(journal, clients);
    for (let kill = 1; kill <= options.kills; kill++) {
      const loadMs = random.int(options.minLoadMs, options.maxLoadMs);
      load.start(kill);
      drops?.start(loadMs);
      await sleep(loadMs);
      const dropped = await drops?.stop();
      const pid = server.pid;
      await server.kill();
      await load.stop();
      const sent = journal.ofCycle(kill);
      const acked = sent.filter(acknowledged);
      const refused = sent.filter((r) => r.answer && r.answer.type !== 'ok').length;
      const sentAgain = sent.filter((r) => r.unavailable).length;
      const droppedLine = dropped ? `${dropped.drops} connection drop(s) (${dropped.connections} connections ended), `
        + `${sentAgain} answered "try again shortly" and sent again with their keys; ` : '';
      const restart = await server.start();
      const verified = await verifyAfterRestart({ dataDir, clients, journal, random: checksRandom }, kill);
      console.log(`kill ${kill}/${options.kills}: SIGKILL pid ${pid} after ${seconds(loadMs)} of load; ${droppedLine}`
        + `${acked.length} acknowledged (${counts(acked)})${refused ? `, ${refused} refused` : ''}, `
        + `${verified.inFlight} without an answer (${verified.committedBeforeKill} of them had committed); restarted in ${seconds(restart)}; `
        + `ledger reconciles (${verified.ledger}); ${verified.repeated} repeated with their keys: same answers, balances and records match`);
    }
    await server.stop();
    const total = journal.requests.filter((r) => (r.answer ?? r.resolvedBy)?.type === 'ok');
    console.log(`${total.length} money requests acknowledged in all (${counts(total)}) in ${seconds(Date.now() - began)}`);
    console.log(`kills survived: ${options.kills}/${options.kills}`);
    if (drops) console.log(`connection drops survived: ${drops.done.drops}/${drops.done.drops} (${drops.done.connections} database connections ended)`);
    console.log('acknowledged requests lost: 0; the ledger reconciled after every restart');
  } catch (err) {
    report(err, server, options);
    process.exitCode = 1;
  } finally {
    runCleanups();
  }
}

function report(err: unknown, server: ServerProcess, options: ChaosOptions): void {
  console.error(`\nFAILED: ${err instanceof Error ? err.message : String(err)}`);
  if (err instanceof ChaosFailure) for (const line of err.details) console.error(`  ${line}`);
  else if (!(err instanceof ServerFailure) && err instanceof Error && err.stack) console.error(err.stack);
  console.error('\nthe server\'s last log lines:');
  for (const line of server.logTail()) console.error(`  ${line}`);
  console.error(`\nto replay: npm run chaos -- ${options.pg ? '--pg ' : ''}--kills ${options.kills} --seed ${options.seed} --clients ${options.clients} --load-ms ${options.minLoadMs}-${options.maxLoadMs}`);
}

function main(): void {
  let options: ChaosOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    (err.exitCode ? console.error : console.log)(err.message);
    process.exit(err.exitCode);
  }
  cleanUpOnSignals();
  void run(options);
}

main();
