/** Static files: the built app from dist/ and uploaded images from DATA_DIR/uploads, plus security headers. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, ENCODED_SUFFIX, ENCODINGS, type EncodedBody, type Encoding } from './compression';
import type { Area, UploadAccess } from './area';
import { tokenFromHeader } from './sessions';
import { BOOT_HERO_SCRIPT_SOURCE } from './configuration/bootHero';
import { ROUTE_CODE_SCRIPT_SOURCE } from './configuration/routeCode';

/**
 * `connect-src 'self'` covers the page's own origin over ws: and wss: too (CSP 3: Chrome 71, Safari 16 and
 * later): a script cannot open a socket to another host. An older browser that refuses the same-origin
 * WebSocket reaches the socket by long-polling (the client tries every transport). The only inline
 * scripts allowed are the HTML's two constant ones (configuration/inlineScript.ts), by their hashes.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'", `script-src 'self' ${BOOT_HERO_SCRIPT_SOURCE} ${ROUTE_CODE_SCRIPT_SOURCE}`, "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "connect-src 'self'", "font-src 'self' data:", "object-src 'none'", "base-uri 'self'",
  "frame-ancestors 'self'", "frame-src 'self'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** File names with a content hash (e.g. main.3f9a1c2b.js) may be cached forever. */
export const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif',
  '.webp': 'image/webp', '.ico': 'image/x-icon', '.woff': 'font/woff', '.woff2': 'font/woff2', '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8', '.webmanifest': 'application/manifest+json', '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg', '.mp4': 'video/mp4',
};

interface Found { file: string; stat: fs.Stats }

async function statFile(file: string): Promise<fs.Stats | undefined> {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}

/** Resolves a URL path inside root, or undefined when it escapes root or is not a file. */
async function resolveFile(root: string, urlPath: string): Promise<Found | undefined> {
  let decoded: string;
  try { decoded = decodeURIComponent(urlPath.split('?')[0]); } catch { return undefined; }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  if (path.basename(file).startsWith('.')) return undefined;
  const stat = await statFile(file);
  return stat && { file, stat };
}

/** The build's precompressed copy of `found` that the request accepts (dist/ only), if any. */
async function encodedCopy(req: FastifyRequest, found: Found): Promise<{ encoding: Encoding; body: Found } | undefined> {
  const copies = await Promise.all(ENCODINGS.map(async (encoding) => {
    const file = found.file + ENCODED_SUFFIX[encoding];
    const stat = await statFile(file);
    return stat && stat.mtimeMs >= found.stat.mtimeMs ? { encoding, body: { file, stat } } : undefined;
  }));
  const available = copies.filter((c) => c !== undefined);
  const encoding = acceptedEncoding(req, available.map((c) => c.encoding));
  return available.find((c) => c.encoding === encoding);
}

async function sendFile(req: FastifyRequest, reply: FastifyReply, found: Found, cacheControl: string, precompressed = false): Promise<FastifyReply> {
  const copy = precompressed ? await encodedCopy(req, found) : undefined;
  const body = copy?.body ?? found;
  const lastModified = found.stat.mtime.toUTCString();
  const etag = `W/"${found.stat.size.toString(16)}-${Math.floor(found.stat.mtimeMs).toString(16)}${copy ? `-${copy.encoding}` : ''}"`;
  reply.header('cache-control', cacheControl).header('last-modified', lastModified).header('etag', etag)
    .type(MIME[path.extname(found.file).toLowerCase()] ?? 'application/octet-stream');
  if (precompressed) reply.header('vary', 'accept-encoding');
  if (copy) reply.header('content-encoding', copy.encoding);
  if (req.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.header('content-length', body.stat.size);
  if (req.method === 'HEAD') return reply.send();
  return reply.send(fs.createReadStream(body.file));
}

/** Public uploads are content-addressed: cached for a year; private ones are never stored by a cache. */
const UPLOAD_CACHE: Record<UploadAccess, string> = { public: 'public, max-age=31536000, immutable', private: 'private, no-store' };

/** Which uploaded file a request may see (the area's `uploadAccess`); others, and all without one, are answered as not found. */
async function uploadAccessOf(app: FastifyInstance, rule: Area['uploadAccess'], req: FastifyRequest, name: string): Promise<UploadAccess | undefined> {
  const userId = async () => {
    const token = tokenFromHeader(req.headers.authorization);
    return token ? (await app.services.cached.session(token))?.id : undefined;
  };
  return rule?.(app.services, name, { query: req.query as Record<string, unknown>, userId });
}

/**
 * Serves uploads at /uploads/ (public ones to anyone, private ones to their owner and the operator) and,
 * when dist/index.html exists, the built app at / (index.html no-cache, hashed assets for a year). Returns
 * true when the app is served.
 */
export interface StaticOptions {
  distDir: string;
  uploadsDir: string;
  /** Who may see an uploaded file: the rule of the area that keeps them. */
  uploadAccess?: Area['uploadAccess'];
  /** The app's HTML for a request (the configuration inlined); undefined: dist/index.html as it is. */
  renderIndex?: (req: FastifyRequest) => Promise<{ body: EncodedBody; etag: string } | undefined>;
}

export async function registerStatic(app: FastifyInstance, options: StaticOptions): Promise<boolean> {
  fs.mkdirSync(options.uploadsDir, { recursive: true });
  const uploadsRoot = path.resolve(options.uploadsDir);
  const distRoot = path.resolve(options.distDir);

  app.get('/uploads/*', async (req, reply) => {
    const found = await resolveFile(uploadsRoot, (req.params as { '*': string })['*']);
    const access = found && await uploadAccessOf(app, options.uploadAccess, req, path.relative(uploadsRoot, found.file));
    if (!found || !access) return reply.header('cache-control', 'no-store').callNotFound();
    return sendFile(req, reply, found, UPLOAD_CACHE[access]);
  });

  const hasApp = fs.existsSync(path.join(distRoot, 'index.html'));
  const serveApp = async (req: FastifyRequest, reply: FastifyReply, rel: string) => {
    if (rel === '' || rel === 'index.html') {
      const page = await options.renderIndex?.(req);
      if (page) {
        reply.header('cache-control', 'no-cache').header('etag', page.etag).type(MIME['.html']);
        if (req.headers['if-none-match'] === page.etag) return reply.header('vary', 'accept-encoding').code(304).send();
        return page.body.send(req, reply);
      }
    }
    const found = await resolveFile(distRoot, rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel);
    if (!found) return reply.callNotFound();
    const name = path.basename(found.file);
    const cache = name.endsWith('.html') ? 'no-cache' : HASHED_ASSET.test(name) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
    return sendFile(req, reply, found, cache, true);
  };
  if (hasApp) {
    app.get('/', (req, reply) => serveApp(req, reply, ''));
    app.get('/*', (req, reply) => serveApp(req, reply, (req.params as { '*': string })['*']));
  } else {
    app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache')
      .send('<!doctype html><html lang="en"><meta charset="utf-8"><title>API server</title>'
        + '<p>The web app is not built (dist/ is missing). The API is served under /api.</p></html>'));
  }
  return hasApp;
}
