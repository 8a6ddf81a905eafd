/**
 * The files of uploads: DATA_DIR/uploads/<sha256>.<ext>, the hash of the uploader and the bytes (so the same
 * image uploaded by two users is two files, each with one owner), checked to be an image by its bytes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const UPLOAD_URL_PATTERN = /^\/uploads\/([0-9a-f]{64}\.(?:png|jpg|gif|webp))$/;
export const UPLOADED_FILE = /^[0-9a-f]{64}\.(?:png|jpg|gif|webp)$/;
/**
 * Users' files (and their partial writes) start with a hash; the other files of DATA_DIR/uploads are the
 * site's own images written by the seed (logo, banners), public.
 */
export const isUsersFile = (name: string): boolean => /^[0-9a-f]{64}/.test(name);

export type ImageType = 'png' | 'jpg' | 'gif' | 'webp';

/** The image type of a buffer by its magic bytes, or undefined. */
export function imageType(buf: Buffer): ImageType | undefined {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.subarray(0, 6).toString('latin1'))) return 'gif';
  if (buf.length >= 12 && buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return undefined;
}

/** Writes the image of a user (once; a repeat only renews its date, so the purge's grace restarts); returns its file name. */
export async function storeImage(uploadsDir: string, userId: number, buf: Buffer, ext: ImageType): Promise<string> {
  const name = `${crypto.createHash('sha256').update(`user:${userId}:`).update(buf).digest('hex')}.${ext}`;
  const file = path.join(uploadsDir, name);
  if (fs.existsSync(file)) {
    const now = new Date();
    await fs.promises.utimes(file, now, now);
    return name;
  }
  await fs.promises.mkdir(uploadsDir, { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.promises.writeFile(tmp, buf);
  await fs.promises.rename(tmp, file);
  return name;
}
