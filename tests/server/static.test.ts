import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { configUrl, type ConfigManifest } from '../../src/shared/config/manifest';
import { BOOT_HERO_SCRIPT_SOURCE } from '../../src/server/configuration/bootHero';
import { ROUTE_CODE_SCRIPT_SOURCE } from '../../src/server/configuration/routeCode';
import { CONTENT_SECURITY_POLICY } from '../../src/server/static';
import { createTestApp, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
const BIG = 'vendor.0123456789.js';
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n');
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'main.3f9a1c2b.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  // A built chunk with the copies the build writes beside it (webpack.config.ts).
  fs.writeFileSync(path.join(dist, 'assets', BIG), BIG_JS);
  fs.writeFileSync(path.join(dist, 'assets', `${BIG}.br`), zlib.brotliCompressSync(BIG_JS));
  fs.writeFileSync(path.join(dist, 'assets', `${BIG}.gz`), zlib.gzipSync(BIG_JS));
  t = await createTestApp({ distDir: dist });
}, 60_000);
afterAll(async () => { await t?.close(); fs.rmSync(dist, { recursive: true, force: true }); });

test('index.html for / with no-cache and the security headers', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(CONTENT_SECURITY_POLICY).toBe("default-src 'self'; script-src 'self' " + BOOT_HERO_SCRIPT_SOURCE + ' ' + ROUTE_CODE_SCRIPT_SOURCE + "; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'; frame-src 'self'");
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
});

test('hashed assets are cached for a year, others briefly; 304 with the etag', async () => {
  const js = await t.app.inject({ method: 'GET', url: '/assets/main.3f9a1c2b.js' });
  expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
  const again = await t.app.inject({ method: 'GET', url: '/assets/main.3f9a1c2b.js', headers: { 'if-none-match': String(js.headers.etag) } });
  expect(again.statusCode).toBe(304);
  expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).headers['cache-control']).toBe('public, max-age=3600');
  expect((await t.app.inject({ method: 'GET', url: '/nope.js' })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'GET', url: '/../package.json' })).statusCode).toBe(404);
});

test('the API, uploads and content images win over the static catch-all', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/menu' });
  expect(res.json().type).toBe('ok');
  const svg = await t.app.inject({ method: 'GET', url: '/content/images/banner-1.svg' });
  expect(svg.statusCode).toBe(200);
  expect(svg.headers['content-type']).toBe('image/svg+xml');
  const upload = path.join(t.app.services.uploadsDir, 'kept.png');
  fs.mkdirSync(path.dirname(upload), { recursive: true });
  fs.writeFileSync(upload, PNG_1X1);
  expect((await t.app.inject({ method: 'GET', url: '/uploads/kept.png' })).statusCode).toBe(200);
  const unknownApi = await t.app.inject({ method: 'GET', url: '/api/nope' });
  expect(unknownApi.statusCode).toBe(404);
  expect(unknownApi.json().type).toBe('error');
});

test('without dist/ the API is served and / explains it', async () => {
  const bare = await createTestApp();
  try {
    const res = await bare.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('not built');
    expect(bare.logs.some((l) => l.level === 40 && /web app not built/.test(l.msg))).toBe(true);
  } finally {
    await bare.close();
  }
}, 60_000);

test('a built asset is sent as its brotli or gzip copy by Accept-Encoding, with Vary and its own etag', async () => {
  const url = `/assets/${BIG}`;
  const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/accept-encoding/i);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
  expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

  const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
  expect(gz.headers.etag).not.toBe(br.headers.etag);
  expect((await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) } })).statusCode).toBe(304);

  const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(BIG_JS);
  expect(plain.headers.vary).toMatch(/accept-encoding/i);
  const refused = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
  expect(refused.headers['content-encoding']).toBe('gzip');
});

test('a copy older than its asset (a rebuild in place) is not sent', async () => {
  const name = 'stale.0123456789.js';
  const file = path.join(dist, 'assets', name);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync('old'));
  fs.utimesSync(`${file}.br`, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  fs.writeFileSync(file, BIG_JS);
  const res = await t.app.inject({ method: 'GET', url: `/assets/${name}`, headers: { 'accept-encoding': 'br' } });
  expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(BIG_JS); // compressed on the way out instead
});

test('the HTML and large API answers are compressed; small ones are not', async () => {
  const html = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
  expect(html.headers['cache-control']).toBe('no-cache');
  expect(html.headers.vary).toMatch(/accept-encoding/i);
  const page = html.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(html.rawPayload).toString() : html.body;
  expect(page).toContain('<title>app</title>');
  expect(html.headers['content-encoding']).toBe('br'); // the boot data makes it far larger than the threshold

  const quotes = await t.app.inject({ method: 'GET', url: '/api/currency/quotation_new', headers: { 'accept-encoding': 'gzip' } });
  expect(quotes.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(quotes.rawPayload).toString()).type).toBe('ok');
  const small = await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { 'accept-encoding': 'gzip' } });
  expect(small.json().type).toBe('999');
  expect(small.headers['content-encoding']).toBeUndefined();
});

test('a configuration asset is compressed once and sent by Accept-Encoding', async () => {
  const manifest = (await t.app.inject({ method: 'GET', url: '/config/manifest.json' })).json() as ConfigManifest;
  const url = configUrl.messages('en.core', manifest.messages['en.core']);
  const plain = await t.app.inject({ method: 'GET', url });
  for (let i = 0; i < 2; i++) {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  }
});
