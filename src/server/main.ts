/**
 * Production entry: check the configuration, the port and DATA_DIR (preflight.ts), migrate, seed on first
 * start, serve the API, the socket and the built app on PORT.
 */
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './config';
import { writeOpsFile } from './ops/http';
import { exitWithProblem, listenProblem, startProblem } from './preflight';

async function main(): Promise<void> {
  const config = loadConfig();
  const problem = await startProblem(config);
  if (problem) exitWithProblem(problem);
  const log = pino({ level: config.logLevel });
  log.info({ database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir}/pglite)` }, 'starting');
  const app = await buildApp({ logger: log, seed: true });
  const shutdown = async (signal: string): Promise<void> => {
    log.info({ signal }, 'shutting down');
    await app.close().catch((err: unknown) => log.error({ err }, 'close failed'));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // The port may have been taken since the check: one line as well, after closing the database.
    await app.close();
    exitWithProblem(listenProblem(err, config.port, config.host));
  }
  // The market opens now rather than at the first market request, and before the jobs tick: a job that reads
  // it inside its transaction would otherwise wait for the market's opening queries, which on PGlite need the
  // one connection the job's transaction holds.
  app.services.market().then(
    () => app.services.jobs.start(),
    (err: unknown) => log.error({ err }, 'market simulator failed to start: no jobs run'),
  );
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const port = (app.server.address() as { port: number }).port;
  writeOpsFile(app.services.dataDir, `http://127.0.0.1:${port}`, app.services.opsToken);
  log.info({ url: `http://${shown}:${port}/` }, `listening on http://${shown}:${port}/`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
