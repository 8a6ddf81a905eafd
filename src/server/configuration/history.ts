/**
 * Every published configuration version, on disk under DATA_DIR/config-history, so a restart can serve
 * the last good one and an operator can compare and restore them (`npm run ops -- config-history`).
 * `blobs/<sha256>` holds each file text once (versions share the files they did not change);
 * `versions/<seq>.json` the version: manifest hash, when, who, the files by path, what changed and the
 * unified diff against the version before. The newest KEPT_VERSIONS are kept; older ones and the blobs
 * no kept version names are removed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { changedFiles, diffVersions } from './lineDiff';

export const KEPT_VERSIONS = 50;
/** Under DATA_DIR. */
export const CONFIG_HISTORY_DIR = 'config-history';

export interface PublishedVersion {
  /** 1, 2, 3 … in publishing order. */
  seq: number;
  /** The manifest hash of the configuration. */
  version: string;
  at: string;
  by: string;
  /** Relative path -> sha256 of its text. */
  files: Record<string, string>;
  changed: string[];
  /** Unified diff against the version before ('' for the first one kept). */
  diff: string;
  /** The version this one restored (`config-restore`). */
  restoredFrom?: number;
  /** Published from the preview's draft (`npm run ops -- publish`). */
  fromDraft?: true;
}

const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');
const versionFile = (seq: number): string => `${String(seq).padStart(8, '0')}.json`;

function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

export class ConfigHistory {
  private readonly blobs: string;
  private readonly versions: string;

  constructor(readonly dir: string, private readonly kept = KEPT_VERSIONS) {
    this.blobs = path.join(dir, 'blobs');
    this.versions = path.join(dir, 'versions');
  }

  /** Oldest first. */
  list(): PublishedVersion[] {
    let names: string[];
    try { names = fs.readdirSync(this.versions).filter((n) => /^\d+\.json$/.test(n)).sort(); } catch { return []; }
    return names.map((n) => JSON.parse(fs.readFileSync(path.join(this.versions, n), 'utf8')) as PublishedVersion);
  }

  latest(): PublishedVersion | undefined {
    return this.list().at(-1);
  }

  /**
   * `12` or `#12`: the version published 12th; else a manifest hash (or its first 4+ characters): the
   * latest version with that hash.
   */
  find(ref: string): PublishedVersion | undefined {
    const all = this.list();
    const seq = /^#?(\d{1,8})$/.exec(ref);
    if (seq && ref.length < 10) return all.find((v) => v.seq === Number(seq[1]));
    if (!/^[0-9a-f]{4,}$/.test(ref)) return undefined;
    return all.reverse().find((v) => v.version.startsWith(ref));
  }

  /** The texts of a version's files. */
  files(v: PublishedVersion): Record<string, string> {
    return Object.fromEntries(Object.entries(v.files).map(([rel, h]) => [rel, fs.readFileSync(path.join(this.blobs, h), 'utf8')]));
  }

  publish(entry: { version: string; at: Date; by: string; files: Record<string, string>; restoredFrom?: number; fromDraft?: true }): PublishedVersion {
    fs.mkdirSync(this.blobs, { recursive: true });
    fs.mkdirSync(this.versions, { recursive: true });
    const previous = this.latest();
    const before = previous ? this.files(previous) : {};
    const hashes: Record<string, string> = {};
    for (const [rel, text] of Object.entries(entry.files)) {
      const h = sha256(text);
      hashes[rel] = h;
      const blob = path.join(this.blobs, h);
      if (!fs.existsSync(blob)) writeAtomically(blob, text);
    }
    const published: PublishedVersion = {
      seq: (previous?.seq ?? 0) + 1,
      version: entry.version,
      at: entry.at.toISOString(),
      by: entry.by,
      files: hashes,
      changed: changedFiles(before, entry.files),
      diff: previous ? diffVersions(before, entry.files) : '',
      ...(entry.restoredFrom !== undefined ? { restoredFrom: entry.restoredFrom } : {}),
      ...(entry.fromDraft ? { fromDraft: true as const } : {}),
    };
    // 'wx': a node sharing this folder that published the same number first keeps it; this one takes the next
    for (;;) {
      try {
        fs.writeFileSync(path.join(this.versions, versionFile(published.seq)), JSON.stringify(published), { flag: 'wx' });
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        published.seq += 1;
      }
    }
    this.prune();
    return published;
  }

  private prune(): void {
    const all = this.list();
    const dropped = all.slice(0, Math.max(0, all.length - this.kept));
    if (!dropped.length) return;
    for (const v of dropped) fs.rmSync(path.join(this.versions, versionFile(v.seq)), { force: true });
    const named = new Set(all.slice(dropped.length).flatMap((v) => Object.values(v.files)));
    for (const blob of fs.readdirSync(this.blobs)) if (!named.has(blob) && !blob.endsWith('.tmp')) fs.rmSync(path.join(this.blobs, blob), { force: true });
  }
}
