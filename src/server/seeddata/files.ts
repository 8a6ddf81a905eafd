import fs from 'node:fs';
import path from 'node:path';

/** Writes a seeded file under `dir` unless it exists (a file the operator replaced is kept). */
export function writeFileOnce(dir: string, name: string, content: string): void {
  const file = path.join(dir, name);
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}
