/** Image upload (multipart field `file`), and the paths of uploaded images other endpoints take. */
import { endpoints, str } from './common';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_TYPES = ['png', 'jpg', 'gif', 'webp'] as const;

/**
 * An image uploaded with POST /upload, as a request names it (a KYC photo, a deposit voucher, an address QR
 * code, an avatar). The server takes only the requesting user's own uploads.
 */
export const UPLOADED_IMAGE = str({ maxLength: 80, pattern: '^/uploads/[0-9a-f]{64}\\.(png|jpg|gif|webp)$' });

export const uploadEndpoints = endpoints([
  {
    method: 'POST', path: '/upload', auth: true, alsoAt: '/upload',
    summary: 'Upload one image (PNG, JPEG, GIF, WebP; checked by content; at most 5 MiB); message is its path, private to the '
      + 'uploader (served to them and the operator only) until it becomes their avatar. Also at the site root\'s /upload, where the platform\'s app posts it',
    response: UPLOADED_IMAGE,
  },
]);
