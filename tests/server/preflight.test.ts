import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/db';
jest.setTimeout(60_000);
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ memory: true, pgliteTemplateDir: path.join(os.tmpdir(), 'trading-app-test-db') });
}, 60_000);
afterAll(async () => { await database?.close(); });
test('x', async () => {
  const app = await buildApp({ database, ownDatabase: false, watchConfig: false, distDir: path.join(os.tmpdir(), 'no-dist') });
  await app.close();
});
