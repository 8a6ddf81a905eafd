/**
 * Signed links to private uploads, for what cannot send the Authorization header (`<img src>`, the operator's
 * browser): `/uploads/<name>?for=<viewer>&exp=<unix seconds>&sig=<HMAC-SHA256 of the three>`, the viewer being
 * a user id or `ops`. They expire within the hour; the expiry is rounded up to a step, so that asking again
 * soon gives the same link (the browser and SWR see no change).
 */
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db';
import { UPLOAD_URL_PATTERN } from './files';

export type Viewer = number | 'ops';

const LINK_LIFE_S = 60 * 60;
const EXPIRY_STEP_S = 10 * 60;
const KEY_NAME = 'upload_links';

const keys = new WeakMap<Kysely<DB>, Promise<Buffer>>();

/** The key, made by the first server to need it (several servers on one database share it). */
async function readKey(db: Kysely<DB>): Promise<Buffer> {
  await db.insertInto('signing_keys').values({ name: KEY_NAME, secret: crypto.randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('signing_keys').select('secret').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.secret, 'base64url');
}

function signingKey(db: Kysely<DB>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = readKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const signature = (key: Buffer, name: string, viewer: Viewer, exp: number): Buffer =>
  crypto.createHmac('sha256', key).update(`${name}\n${viewer}\n${exp}`).digest();

/** Signs upload paths for one viewer; anything that is not a user's upload path is returned as it is. */
export async function uploadLinkSigner(db: Kysely<DB>, viewer: Viewer, now: Date): Promise<(url: string) => string> {
  const key = await signingKey(db);
  const exp = Math.ceil((now.getTime() / 1000 + LINK_LIFE_S) / EXPIRY_STEP_S) * EXPIRY_STEP_S;
  return (url) => {
    const name = UPLOAD_URL_PATTERN.exec(url)?.[1];
    if (!name) return url;
    const query = new URLSearchParams({ for: String(viewer), exp: String(exp), sig: signature(key, name, viewer, exp).toString('base64url') });
    return `${url}?${query}`;
  };
}

const one = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Whom a link to the file `name` was signed for, when its query is a valid, unexpired signature. */
export async function linkViewer(db: Kysely<DB>, name: string, query: Record<string, unknown>, now: Date): Promise<Viewer | undefined> {
  const [forText, expText, sigText] = [one(query.for), one(query.exp), one(query.sig)];
  if (!forText || !expText || !sigText || !/^\d{1,12}$/.test(expText)) return undefined;
  const viewer: Viewer | undefined = forText === 'ops' ? 'ops' : /^[1-9]\d{0,9}$/.test(forText) ? Number(forText) : undefined;
  const exp = Number(expText);
  if (viewer === undefined || exp * 1000 < now.getTime()) return undefined;
  const expected = signature(await signingKey(db), name, viewer, exp);
  const given = Buffer.from(sigText, 'base64url');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? viewer : undefined;
}
