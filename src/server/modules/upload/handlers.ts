/**
 * Image upload: multipart field `file`, one image of at most 5 MiB, accepted only when its bytes are a PNG,
 * JPEG, GIF or WebP. Stored content-addressed as DATA_DIR/uploads/<sha256>.<ext>, served at /uploads/.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {} from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '../../../shared/contract/upload';
import { isLanguage } from '../../../shared/i18n/languages';
import type { Handlers, RequestContext } from '../../context';
import { ApiError } from '../../errors';

export const UPLOAD_URL_PATTERN = /^\/uploads\/([0-9a-f]{64}\.(?:png|jpg|gif|webp))$/;

/** The image type of a buffer by its magic bytes, or undefined. */
export function imageType(buf: Buffer): 'png' | 'jpg' | 'gif' | 'webp' | undefined {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

export const tooLarge = (): ApiError => new ApiError('api.upload.too_large', { size: UPLOAD_MAX_BYTES / 1024 / 1024 });

async function upload(ctx: RequestContext): Promise<string> {
  if (!ctx.req.isMultipart()) throw new ApiError('api.upload.missing');
  const part = await ctx.req.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  if (!part) throw new ApiError('api.upload.missing');
  const langField = part.fields.lang as { value?: unknown } | undefined;
  if (langField && isLanguage(langField.value)) ctx.lang = langField.value;
  let buf: Buffer;
  try {
    buf = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw err;
  }
  if (buf.length === 0) throw new ApiError('api.upload.missing');
  const ext = imageType(buf);
  if (!ext) throw new ApiError('api.upload.not_image');
  const name = `${crypto.createHash('sha256').update(buf).digest('hex')}.${ext}`;
  const file = path.join(ctx.services.uploadsDir, name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(ctx.services.uploadsDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(tmp, buf);
    await fs.promises.rename(tmp, file);
  }
  return `/uploads/${name}`;
}

export const uploadHandlers: Handlers = { 'POST /upload': upload };
