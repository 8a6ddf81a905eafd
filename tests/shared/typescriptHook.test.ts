/** scripts/typescript-hook.cjs, which `npm start` runs the server with: TypeScript in plain Node, compiled once. */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const CACHE_DIR = path.join(ROOT, 'node_modules/.cache/ts-hook');

function run(file: string) {
  return spawnSync(process.execPath, ['-r', './scripts/typescript-hook.cjs', file], { cwd: ROOT, encoding: 'utf8' });
}

const cachedWith = (marker: string) => fs.readdirSync(CACHE_DIR).filter((f) => fs.readFileSync(path.join(CACHE_DIR, f), 'utf8').includes(marker));

test('runs TypeScript, keeps the output by source, and points stack traces at the TypeScript lines', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ts-hook-'));
  const marker = `marker_${crypto.randomBytes(6).toString('hex')}`;
  const file = path.join(dir, 'main.ts');
  const write = (value: number) => fs.writeFileSync(file, [
    "import { twice } from './twice';",
    'interface Shown { value: number }',
    `const shown: Shown = { value: twice(${value}) };`,
    `console.log('${marker}', shown.value);`,
    "if (process.env.FAIL) throw new Error('failed here');",
  ].join('\n'));
  try {
    fs.writeFileSync(path.join(dir, 'twice.ts'), 'export const twice = (n: number): number => n * 2;\n');
    write(2);
    expect(run(file).stdout).toBe(`${marker} 4\n`);
    expect(cachedWith(marker)).toHaveLength(1);
    expect(run(file).stdout).toBe(`${marker} 4\n`);
    expect(cachedWith(marker)).toHaveLength(1); // the second start compiled nothing

    write(5);
    expect(run(file).stdout).toBe(`${marker} 10\n`);
    expect(cachedWith(marker)).toHaveLength(2);

    const failed = spawnSync(process.execPath, ['-r', './scripts/typescript-hook.cjs', file], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FAIL: '1' } });
    expect(failed.stderr).toContain(`${file}:5:`);
  } finally {
    for (const f of cachedWith(marker)) fs.rmSync(path.join(CACHE_DIR, f));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
