/**
 * POST /upload: multipart field `file`, one image of at most 5 MiB, accepted only when its bytes are a PNG,
 * JPEG, GIF or WebP; stored as DATA_DIR/uploads/<sha256>.<ext> (files.ts) and recorded as the user's.
 */
import type {} from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '../../../shared/contract/upload';
import type { Handlers, RequestContext } from '../../context';
import { requireUser } from '../../context';
import { ApiError } from '../../errors';
import { imageType, storeImage, type ImageType } from './files';
import { recordUpload } from './ownership';

const tooLarge = (): ApiError => new ApiError('api.upload.too_large', { size: UPLOAD_MAX_BYTES / 1024 / 1024 });
/** The body ended before the file did (cut off, or without its closing boundary); "upload it again" until its own text exists. */
const incomplete = (): ApiError => new ApiError('api.upload.incomplete');

const TOO_LARGE_CODES = new Set(['FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT']);

/**
 * The bytes of the field `file`. What goes wrong while reading the body is the sender's (a body cut off or
 * malformed), so it is answered as a refusal and logged as a bad request, not as a failure of the server.
 */
async function readFile(ctx: RequestContext): Promise<Buffer> {
  try {
    const part = await ctx.req.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
    if (!part) throw new ApiError('api.upload.missing');
    const langField = part.fields.lang as { value?: unknown } | undefined;
    if (langField && ctx.services.i18n.languages().has(langField.value)) ctx.lang = langField.value;
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (TOO_LARGE_CODES.has(String((err as { code?: unknown }).code))) throw tooLarge();
    ctx.req.log.info({ err }, 'upload body incomplete or malformed');
    throw incomplete();
  }
}

/**
 * An account's hourly quota (files and bytes, throttle/limits.ts) is checked before the body is read and
 * counted once its size is known; a refused upload counts too, as it cost the same.
 */
async function upload(ctx: RequestContext): Promise<string> {
  const userId = requireUser(ctx).id;
  if (!ctx.req.isMultipart()) throw new ApiError('api.upload.missing');
  const { throttle } = ctx.services;
  const account = String(userId);
  await throttle.check('uploadBytesPerAccount', account);
  await throttle.hit('uploadsPerAccount', account);
  const buf = await readFile(ctx);
  await throttle.hit('uploadBytesPerAccount', account, buf.length);
  if (buf.length === 0) throw new ApiError('api.upload.missing');
  const ext = imageType(buf);
  if (!ext) throw new ApiError('api.upload.not_image');
  return storeOwnImage(ctx, buf, ext);
}

/** Stores an image as the request's user's upload (what POST /upload accepts, or one the server drew); returns its path. */
export async function storeOwnImage(ctx: RequestContext, buf: Buffer, ext: ImageType): Promise<string> {
  const userId = requireUser(ctx).id;
  const { uploadsDir, db, now } = ctx.services;
  const name = await storeImage(uploadsDir, userId, buf, ext);
  await recordUpload(db, name, userId, now());
  return `/uploads/${name}`;
}

export const uploadHandlers: Handlers = { 'POST /upload': upload };
