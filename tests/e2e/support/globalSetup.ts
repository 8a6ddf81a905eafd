import fs from 'node:fs';
import { OUTPUT_DIR, SERVER_LOG, SERVER_STATE } from './paths';
import { startServer } from './server';

export default async function globalSetup(): Promise<void> {
  fs.rmSync(OUTPUT_DIR, { recursive: true, force: true });
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  // A clock the suites move with `npm run ops -- clock-advance` (seconds contracts, limit fills): never by sleeping.
  const { pid, baseUrl, dataDir } = await startServer(SERVER_LOG, undefined, { TEST_CLOCK: '1' });
  fs.writeFileSync(SERVER_STATE, JSON.stringify({ pid, baseUrl, dataDir }));
}
