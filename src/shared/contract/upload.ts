/** Image upload (multipart field `file`). */
import { endpoints, str } from './common';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['png', 'jpg', 'gif', 'webp'] as const;

export const uploadEndpoints = endpoints([
  {
    method: 'POST', path: '/upload', auth: true,
    summary: 'Upload one image (PNG, JPEG, GIF, WebP; checked by content; at most 5 MiB); message is its URL',
    response: str({ pattern: '^/uploads/[0-9a-f]{64}\\.(png|jpg|gif|webp)$' }),
  },
]);
