/**
 * The daily purge of abandoned uploads: a file uploaded more than a day ago that no column of any area names
 * (avatars, vouchers, identity photos, address QR codes) is deleted, with its owner's record.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Area, UploadColumn } from '../../area';
import type { DB } from '../../db';
import { UPLOADED_FILE } from './files';
import { DAY_MS } from '../../kernel';

/** A file this young may belong to a form being filled in. */
const GRACE_MS = DAY_MS;

/** Every upload file name some column names. */
async function namedUploads(db: Kysely<DB>, columns: readonly UploadColumn[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (const { table, column } of columns) {
    // The table and column come from the areas' declarations, typed against the database's tables.
    const rows = await db.selectFrom(table as 'users').select(`${column} as url` as 'head_portrait as url')
      .where(column as 'head_portrait', 'like', '/uploads/%').execute();
    for (const r of rows) named.add(String(r.url).slice('/uploads/'.length));
  }
  return named;
}

/** Deletes the abandoned uploads; returns their names. */
export async function purgeUploads(db: Kysely<DB>, uploadsDir: string, areas: readonly Area[], now: Date): Promise<string[]> {
  if (!fs.existsSync(uploadsDir)) return [];
  const named = await namedUploads(db, areas.flatMap((a) => a.uploads ?? []));
  const purged: string[] = [];
  for (const name of await fs.promises.readdir(uploadsDir)) {
    if (!UPLOADED_FILE.test(name) || named.has(name)) continue;
    const file = path.join(uploadsDir, name);
    const { mtimeMs } = await fs.promises.stat(file);
    if (now.getTime() - mtimeMs < GRACE_MS) continue;
    await fs.promises.rm(file, { force: true });
    purged.push(name);
  }
  if (purged.length) await db.deleteFrom('uploads').where('name', 'in', purged).execute();
  return purged;
}
