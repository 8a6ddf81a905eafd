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
 * `--nodes N`: N server processes on one such PostgreSQL database and Redis (scripts/chaos/nodes.ts), the
 * clients spread over them, each kill of one node chosen at random while the others serve on.
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
import { nodeDataDir, sharedRedis } from './chaos/nodes';
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
  const shared = options.pg || options.nodes > 1;
  const database: ChaosDatabase = shared ? await postgresDatabase(process.env.DATABASE_URL || DEFAULT_PG_URL, options.seed) : embeddedDatabase;
  const redis = options.nodes > 1 ? sharedRedis() : undefined;
  // A copy, so that edits to the repository's screens during the run cannot stop a restart.
  const configDir = copyConfiguration(path.join(root, 'config'));
  const servers: ServerProcess[] = [];
  for (let node = 0; node < options.nodes; node++) {
    const server = new ServerProcess({
      dataDir: options.nodes > 1 ? nodeDataDir(root, node) : path.join(root, 'data'),
      distDir: path.join(root, 'dist'),
      configDir,
      port: await freePort(),
      demoPassword: DEMO_PASSWORD,
      marketSeed: options.seed,
      databaseUrl: database.serverUrl,
      redis,
    });
    onCleanup(() => server.killNow());
    servers.push(server);
  }
  // Accounts are set up and the checks run through the first node.
  const [server] = servers;
  const { dataDir } = server;
  const api = new Api(server.url);
  console.log(`chaos: seed ${options.seed}, ${options.kills} kills, ${options.clients} clients, DATA_DIR ${dataDir}, ${database.label}`
    + (redis ? `; ${options.nodes} nodes on Redis ${redis.url} (prefix ${redis.prefix})` : ''));

  try {
    const firstStart = await server.start();
    for (const other of servers.slice(1)) await other.start(); // after the first one's migrations and seed
    const accounts = await setUpAccounts({ api, server, dataDir, demoPassword: DEMO_PASSWORD }, options.clients);
    const clients: Client[] = [];
    for (const [i, account] of accounts.entries()) {
      const list = okMessage(await api.call('POST /wallet/list', {}, { token: account.token }), `POST /wallet/list of ${account.name}`);
      clients.push({ account, api: new Api(servers[i % servers.length].url), expected: Balances.fromWalletList(list), random: random.fork() });
    }
    console.log(`server started in ${seconds(firstStart)} (${servers.map((s) => `pid ${s.pid}, ${s.url}`).join('; ')}); ${clients.length} accounts ready after ${seconds(Date.now() - began)}`);

    // Its own stream: how many samples the checks draw must not move the kill moments of a --seed.
    const checksRandom = random.fork();
    const drops = database.terminateServerConnections ? new ConnectionDrops(database.terminateServerConnections, servers, random.fork()) : undefined;
    const journal = new Journal(`chaos-${options.seed}`);
    const load = new Load(journal, clients);
    for (let kill = 1; kill <= options.kills; kill++) {
      const loadMs = random.int(options.minLoadMs, options.maxLoadMs);
      load.start(kill);
      drops?.start(loadMs);
      await sleep(loadMs);
      const dropped = await drops?.stop();
      const victim = servers.length > 1 ? random.int(0, servers.length - 1) : 0;
      const pid = servers[victim].pid;
      await servers[victim].kill();
      await load.stop();
      const sent = journal.ofCycle(kill);
      const acked = sent.filter(acknowledged);
      const refused = sent.filter((r) => r.answer && r.answer.type !== 'ok').length;
      const sentAgain = sent.filter((r) => r.unavailable).length;
      const droppedLine = dropped ? `${dropped.drops} connection drop(s) (${dropped.connections} connections ended), `
        + `${sentAgain} answered "try again shortly" and sent again with their keys; ` : '';
      const restart = await servers[victim].start();
      const verified = await verifyAfterRestart({ dataDir, clients, journal, random: checksRandom }, kill);
      console.log(`kill ${kill}/${options.kills}: SIGKILL pid ${pid}${servers.length > 1 ? ` (node ${victim + 1})` : ''} after ${seconds(loadMs)} of load; ${droppedLine}`
        + `${acked.length} acknowledged (${counts(acked)})${refused ? `, ${refused} refused` : ''}, `
        + `${verified.inFlight} without an answer (${verified.committedBeforeKill} of them had committed); restarted in ${seconds(restart)}; `
        + `ledger reconciles (${verified.ledger}); ${verified.repeated} repeated with their keys: same answers, balances and records match`);
    }
    await Promise.all(servers.map((s) => s.stop()));
    const total = journal.requests.filter((r) => (r.answer ?? r.resolvedBy)?.type === 'ok');
    console.log(`${total.length} money requests acknowledged in all (${counts(total)}) in ${seconds(Date.now() - began)}`);
    console.log(`kills survived: ${options.kills}/${options.kills}`);
    if (drops) console.log(`connection drops survived: ${drops.done.drops}/${drops.done.drops} (${drops.done.connections} database connections ended)`);
    console.log('acknowledged requests lost: 0; the ledger reconciled after every restart');
  } catch (err) {
    report(err, servers, options);
    process.exitCode = 1;
  } finally {
    runCleanups();
  }
}

function report(err: unknown, servers: readonly ServerProcess[], options: ChaosOptions): void {
  console.error(`\nFAILED: ${err instanceof Error ? err.message : String(err)}`);
  if (err instanceof ChaosFailure) for (const line of err.details) console.error(`  ${line}`);
  else if (!(err instanceof ServerFailure) && err instanceof Error && err.stack) console.error(err.stack);
  for (const [i, server] of servers.entries()) {
    console.error(`\nthe ${servers.length > 1 ? `node ${i + 1}'s` : 'server\'s'} last log lines:`);
    for (const line of server.logTail()) console.error(`  ${line}`);
  }
  console.error(`\nto replay: npm run chaos -- ${options.pg ? '--pg ' : ''}--kills ${options.kills} --seed ${options.seed} --clients ${options.clients} --load-ms ${options.minLoadMs}-${options.maxLoadMs}`
    + (options.nodes > 1 ? ` --nodes ${options.nodes}` : ''));
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
