/**
 * Image uploads: each belongs to its uploader, who alone may name it in a request; private ones are served
 * to their owner and to the operator only (access.ts, links.ts). Abandoned uploads are purged daily.
 */
import { uploadEndpoints } from '../../../shared/contract/upload';
import { defineArea, OpsError } from '../../area';
import { uploadAccess } from './access';
import { UPLOAD_URL_PATTERN } from './files';
import { uploadHandlers } from './handlers';
import { uploadLinkSigner } from './links';
import { uploadOwner } from './ownership';
import { purgeUploads } from './purge';
import { DAY_MS, HOUR_MS } from '../../kernel';

export { UPLOAD_URL_PATTERN } from './files';
export { storeOwnImage } from './handlers';
export { uploadLinkSigner, type Viewer } from './links';
export { publishUpload, requireOwnUpload } from './ownership';
export { purgeUploads } from './purge';

export const uploadArea = defineArea({
  name: 'upload',
  endpoints: uploadEndpoints,
  handlers: uploadHandlers,
  uploadAccess: (services, name, request) => uploadAccess(services.db, name, request, services.now()),
  ops: [{
    name: 'upload-link', args: [{ name: 'path', kind: 'word' }],
    summary: 'a link to open an uploaded file (/uploads/...) at the app\'s address, private ones included, for an hour',
    async run(services, { path }) {
      const name = UPLOAD_URL_PATTERN.exec(String(path))?.[1];
      if (!name || !(await uploadOwner(services.db, name))) throw new OpsError(`no uploaded file ${path}`);
      const link = await uploadLinkSigner(services.db, 'ops', services.now());
      return { lines: [link(String(path))] };
    },
  }],
  jobs: [{
    name: 'upload.purge_abandoned',
    every: { everyMs: DAY_MS, offsetMs: 3 * HOUR_MS, catchUp: 'latest' },
    async run({ trx, services, now }) {
      const purged = await purgeUploads(trx, services.uploadsDir, services.areas, now);
      if (purged.length) services.log.info({ purged: purged.length }, 'abandoned uploads deleted');
    },
  }],
});
