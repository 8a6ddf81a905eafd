/** Who may see a file of DATA_DIR/uploads (static.ts serves them). */
import type { Kysely } from 'kysely';
import type { UploadAccess, UploadRequest } from '../../area';
import type { DB } from '../../db';
import { isUsersFile } from './files';
import { linkViewer } from './links';
import { uploadOwner } from './ownership';

/**
 * The site's images and avatars are public; any other upload is served to its owner (by the Authorization
 * header or a link signed for them) and to the operator's signed links. Undefined: not to this request, as
 * for a file that does not exist (no owner recorded included).
 */
export async function uploadAccess(db: Kysely<DB>, name: string, request: UploadRequest, now: Date): Promise<UploadAccess | undefined> {
  if (!isUsersFile(name)) return 'public';
  const owner = await uploadOwner(db, name);
  if (!owner) return undefined;
  if (owner.public) return 'public';
  const viewer = await linkViewer(db, name, request.query, now);
  if (viewer === 'ops' || viewer === owner.userId) return 'private';
  return (await request.userId()) === owner.userId ? 'private' : undefined;
}
