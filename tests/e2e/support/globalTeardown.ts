import fs from 'node:fs';
import { SERVER_STATE } from './paths';
import { stopServer } from './server';

export default async function globalTeardown(): Promise<void> {
  if (!fs.existsSync(SERVER_STATE)) return;
  await stopServer(JSON.parse(fs.readFileSync(SERVER_STATE, 'utf8')) as { pid: number; dataDir: string });
}
