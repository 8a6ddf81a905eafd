/**
 * The images of content/images/ of the served configuration folder, at `/content/images/<name>?v=<hash>`:
 * the hash of the served version makes the URL immutable (cached a year); another `v` (a page opened
 * before the image changed) is answered with the current file, not cached.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CONTENT_IMAGE_RE, CONTENT_IMAGES_FOLDER } from '../../../shared/config/content';
import type { ConfigStore } from '../../configuration/store';

export const CONTENT_IMAGES_PATH = '/content/images';

export const contentImageUrl = (name: string, images: ReadonlyMap<string, string>): string =>
  `${CONTENT_IMAGES_PATH}/${encodeURIComponent(name)}${images.has(name) ? `?v=${images.get(name)}` : ''}`;

const TYPES: Record<string, string> = {
  svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif',
};

export function registerContentImages(app: FastifyInstance, store: ConfigStore): void {
  app.get(`${CONTENT_IMAGES_PATH}/:name`, async (req, reply) => {
    const { name } = req.params as { name: string };
    const hash = store.current.images.get(name);
    if (!CONTENT_IMAGE_RE.test(name) || !hash) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    let body: Buffer;
    try { body = await fs.promises.readFile(path.join(store.dir, CONTENT_IMAGES_FOLDER, name)); } catch {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const fresh = (req.query as { v?: string }).v === hash;
    return reply.type(TYPES[name.split('.').pop()!.toLowerCase()])
      .header('cache-control', fresh ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(body);
  });
}
