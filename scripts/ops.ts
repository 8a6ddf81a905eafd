/**
 * `npm run ops -- <command> [arguments]`: the operator's back-office steps, run by the server (DESIGN
 * "ops/"). The commands come from the areas (src/server/areas.ts): `npm run ops` with no command lists
 * them. The server writes its address and a token to DATA_DIR/ops.json when it starts (DATA_DIR as for
 * npm start).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import type { OpsOutput } from '../src/server/area';
import { usage, type CommandInfo } from '../src/server/ops/commands';
import { OPS_FILE, OPS_TOKEN_HEADER } from '../src/server/ops/http';

async function call<T>(dataDir: string, method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const file = path.join(dataDir, OPS_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} not found: is the server running (npm start) with this DATA_DIR?`);
  const { url, token } = JSON.parse(fs.readFileSync(file, 'utf8')) as { url: string; token: string };
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { [OPS_TOKEN_HEADER]: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status === 404) throw new Error('the server refused the ops token (restarted since? it writes a new ops.json on each start)');
  if (!res.ok) throw new Error(`the server answered ${res.status}: see its log`);
  return (await res.json()) as T;
}

/** Runs one command; returns the process exit code. */
export async function runOps(args: string[], dataDir = loadConfig().dataDir, out: (line: string) => void = console.log): Promise<number> {
  const [command, ...rest] = args;
  if (!command || command === 'help') {
    const commands = await call<CommandInfo[]>(dataDir, 'GET', '/ops/commands');
    out(usage(commands));
    for (const c of commands) out(`  ${`${c.name} ${c.args}`.trim().padEnd(36)} ${c.summary}`);
    return command ? 0 : 2;
  }
  const result = await call<Partial<OpsOutput>>(dataDir, 'POST', '/ops/run', { command, args: rest, operator: os.userInfo().username });
  if (!Array.isArray(result.lines)) throw new Error(`${command} failed on the server: see its log`);
  for (const line of result.lines) out(line);
  return result.exitCode ?? 0;
}

if (require.main === module) {
  runOps(process.argv.slice(2)).then((code) => process.exit(code), (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
