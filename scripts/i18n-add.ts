/**
 * Adds English messages to i18n/en.json from a fragment file of flat dotted keys, keeping keys sorted.
 * Several people (or agents) may add keys at once, so the read-modify-write runs under a lock file.
 *   npx ts-node scripts/i18n-add.ts path/to/fragment.json
 * A key that already exists with a different text is refused; change it by editing en.json directly.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const target = path.join(root, 'i18n', 'en.json');
const lockFile = path.join(root, 'i18n', '.lock');

function withLock<T>(fn: () => T): T {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      fs.closeSync(fs.openSync(lockFile, 'wx'));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`could not lock ${lockFile}; remove it if no merge is running`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try { return fn(); } finally { fs.rmSync(lockFile, { force: true }); }
}

const fragmentPath = process.argv[2];
if (!fragmentPath) { console.error('usage: ts-node scripts/i18n-add.ts fragment.json'); process.exit(2); }
const fragment = JSON.parse(fs.readFileSync(fragmentPath, 'utf8')) as Record<string, string>;

withLock(() => {
  const current = JSON.parse(fs.readFileSync(target, 'utf8')) as Record<string, string>;
  const conflicts: string[] = [];
  let added = 0;
  for (const [key, text] of Object.entries(fragment)) {
    if (typeof text !== 'string') { conflicts.push(`${key}: value must be a string`); continue; }
    if (key in current && current[key] !== text) conflicts.push(`${key}: already "${current[key]}"`);
    else if (!(key in current)) { current[key] = text; added++; }
  }
  if (conflicts.length) { console.error(`refused:\n${conflicts.join('\n')}`); process.exit(1); }
  const sorted = Object.fromEntries(Object.keys(current).sort().map((k) => [k, current[k]]));
  const tmp = `${target}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
  fs.renameSync(tmp, target);
  console.log(`added ${added} message(s) to i18n/en.json`);
});
