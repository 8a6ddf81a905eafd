/**
 * `npm start`: checks the configuration, the port and DATA_DIR (src/server/preflight.ts; a problem ends the
 * start with one line saying what to do), builds the web app when needed, then starts the server (migrate,
 * seed on first start, listen).
 * The build runs only when dist/ is missing or older than its sources: a stamp file in dist/ holds a hash of
 * the paths, sizes and modification times of src/client, src/shared and webpack.config.ts. Screens, forms and
 * messages are not part of the build: the server serves and reloads them. Without webpack.config.ts, or
 * when the build fails, the API is served anyway.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { exitWithProblem, startProblem } from '../src/server/preflight';

const root = path.resolve(__dirname, '..');
const config = loadConfig();
const distDir = config.distDir;
const stampFile = path.join(distDir, '.build-stamp');
const SOURCES = ['src/client', 'src/shared', 'webpack.config.ts'];

function log(msg: string, extra: Record<string, unknown> = {}): void {
  console.log(JSON.stringify({ level: 30, time: Date.now(), name: 'start', msg, ...extra }));
}

function walk(p: string, out: string[]): void {
  let stat: fs.Stats;
  try { stat = fs.statSync(p); } catch { return; }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(p).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      walk(path.join(p, name), out);
    }
  } else if (stat.isFile()) {
    out.push(`${path.relative(root, p)}\u0000${stat.size}\u0000${Math.floor(stat.mtimeMs)}`);
  }
}

export function sourceStamp(): string {
  const entries: string[] = [];
  for (const s of SOURCES) walk(path.join(root, s), entries);
  return crypto.createHash('sha256').update(entries.join('\n')).digest('hex');
}

function run(cmd: string, args: string[]): boolean {
  log(`running ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return res.status === 0;
}

function buildIfNeeded(): void {
  if (process.env.SKIP_BUILD === '1') { log('SKIP_BUILD=1: not building the web app'); return; }
  if (!fs.existsSync(path.join(root, 'webpack.config.ts'))) {
    log('webpack.config.ts not found: the web app cannot be built; serving the API only');
    return;
  }
  const stamp = sourceStamp();
  const built = fs.existsSync(path.join(distDir, 'index.html'));
  const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
  if (built && previous === stamp) { log('web app is up to date', { dist: distDir }); return; }
  log(built ? 'sources changed: rebuilding the web app' : 'dist/ missing: building the web app');
  const ok = run('npx', ['webpack', '--mode', 'production', '--output-path', distDir]);
  if (!ok) {
    log('web app build failed: serving the API only (and the previous build, if any)');
    return;
  }
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(stampFile, `${sourceStamp()}\n`);
  log('web app built', { dist: distDir });
}

async function start(): Promise<void> {
  // Before the build, which can take a minute; the server checks again before opening the database.
  const problem = await startProblem(config);
  if (problem) exitWithProblem(problem);
  buildIfNeeded();
  // npm start is the product: the server does not re-check its own answers against the contract (the
  // server tests and any other NODE_ENV do).
  process.env.NODE_ENV ??= 'production';
  // The server must load after NODE_ENV is set, so a require() and not a (hoisted) import.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('../src/server/main');
}

void start();
