/** Who saved a configuration file: the name of the OS user owning it (from /etc/passwd, else `uid <n>`). */
import fs from 'node:fs';
import path from 'node:path';

let userNames: Map<number, string> | undefined;

function nameOfUid(uid: number): string {
  if (!userNames) {
    userNames = new Map();
    try {
      for (const line of fs.readFileSync('/etc/passwd', 'utf8').split('\n')) {
        const [name, , id] = line.split(':');
        if (name && id && !userNames.has(Number(id))) userNames.set(Number(id), name);
      }
    } catch { /* no passwd file (Windows, a bare container): the uid is named instead */ }
  }
  return userNames.get(uid) ?? `uid ${uid}`;
}

/** The owner of `root/rel`, or undefined when the file is gone. */
export function fileOwner(root: string, rel: string): string | undefined {
  try {
    return nameOfUid(fs.statSync(path.join(root, rel)).uid);
  } catch {
    return undefined;
  }
}

/** The owners of the files that exist, each named once, comma separated; undefined when none exists. */
export function ownersOf(root: string, rels: readonly string[]): string | undefined {
  const names = [...new Set(rels.map((rel) => fileOwner(root, rel)).filter((n): n is string => Boolean(n)))];
  return names.length ? names.join(', ') : undefined;
}
