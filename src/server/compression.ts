/**
 * What the server sends, compressed. The build writes brotli and gzip copies beside each asset
 * (webpack.config.ts) and static.ts picks one by the request's Accept-Encoding; bodies sent many times
 * (the app's HTML per language, a market snapshot per second) are compressed once and kept (`EncodedBody`);
 * every other answer above `COMPRESS_THRESHOLD` is compressed on the way out by @fastify/compress.
 */
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';
/** In order of preference when the client accepts both equally. */
export const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
/** Smaller answers go as they are: the headers would eat the saving. */
export const COMPRESS_THRESHOLD = 1024;
/** The suffix of an asset's precompressed copy in dist/. */
export const ENCODED_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encoding to answer in, of those `available`, or undefined for the identity. */
export function acceptedEncoding(req: FastifyRequest, available: readonly Encoding[] = ENCODINGS): Encoding | undefined {
  const header = req.headers['accept-encoding'];
  if (!header || !available.length) return undefined;
  return (negotiate(header, [...available]) ?? undefined) as Encoding | undefined;
}

/** Brotli quality of a body compressed once and sent often (11 is the best and about ten times slower). */
const ONCE_QUALITY = 9;

function encode(body: Buffer, encoding: Encoding, quality: number): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: quality >= 9 ? 9 : 6 });
}

/** A body sent many times: each encoding computed at its first use and kept. */
export class EncodedBody {
  readonly raw: Buffer;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(body: string | Buffer, private readonly quality = ONCE_QUALITY) {
    this.raw = typeof body === 'string' ? Buffer.from(body) : body;
  }

  /** Sends the body in the best encoding the request accepts (the type and cache headers are the caller's). */
  send(req: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.header('vary', 'accept-encoding');
    const encoding = this.raw.length >= COMPRESS_THRESHOLD ? acceptedEncoding(req) : undefined;
    if (!encoding) return reply.send(this.raw);
    let out = this.encoded.get(encoding);
    if (!out) { out = encode(this.raw, encoding, this.quality); this.encoded.set(encoding, out); }
    return reply.header('content-encoding', encoding).send(out);
  }
}

/** Compresses answers above the threshold that are not compressed yet (API JSON, small assets). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false, // request bodies are small forms: no gzip bombs to inflate
    threshold: COMPRESS_THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
}
