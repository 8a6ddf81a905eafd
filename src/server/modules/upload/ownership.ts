/**
 * Every upload belongs to the user who uploaded it (table `uploads`): a request may name only its user's own
 * uploads, and a file stays private (served to its owner and the operator only) until it becomes an avatar.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { RequestContext } from '../../context';
import { requireUser } from '../../context';
import type { DB } from '../../db';
import { ApiError } from '../../errors';
import { UPLOAD_URL_PATTERN } from './files';

export async function recordUpload(db: Kysely<DB>, name: string, userId: number, now: Date): Promise<void> {
  await db.insertInto('uploads').values({ name, user_id: userId, created_at: now }).onConflict((oc) => oc.column('name').doNothing()).execute();
}

export interface OwnUploadOptions {
  /** The transaction the request works in, if any. */
  db?: Kysely<DB>;
  /** The message key of the refusal (default: the image was not found, upload it again). */
  refusal?: string;
}

/**
 * The file name of an upload path (`/uploads/<name>`) the request's user uploaded and that is still stored.
 * Anything else, another user's upload included, is refused as not found, so nothing tells whether it exists.
 */
export async function requireOwnUpload(ctx: RequestContext, url: string, options: OwnUploadOptions = {}): Promise<string> {
  const { db = ctx.services.db, refusal = 'api.upload.not_found' } = options;
  const name = UPLOAD_URL_PATTERN.exec(url)?.[1];
  const mine = name !== undefined && await db.selectFrom('uploads').select('name')
    .where('name', '=', name).where('user_id', '=', requireUser(ctx).id).executeTakeFirst();
  if (!name || !mine || !fs.existsSync(path.join(ctx.services.uploadsDir, name))) throw new ApiError(refusal);
  return name;
}

/** Served to anyone from now on (an avatar). */
export async function publishUpload(db: Kysely<DB>, name: string): Promise<void> {
  await db.updateTable('uploads').set({ public: true }).where('name', '=', name).execute();
}

export async function uploadOwner(db: Kysely<DB>, name: string): Promise<{ userId: number; public: boolean } | undefined> {
  const row = await db.selectFrom('uploads').select(['user_id', 'public']).where('name', '=', name).executeTakeFirst();
  return row && { userId: row.user_id, public: row.public };
}
