import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../../src/server/static';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
beforeAll(async () => {
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'main.3f9a1c2b.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ distDir: dist });
}, 60_000);
afterAll(async () => { await t?.close(); fs.rmSync(dist, { recursive: true, force: true }); });

test('index.html for / with no-cache and the security headers', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  expect(CONTENT_SECURITY_POLICY).toBe("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self' ws: wss:; font-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'self'; frame-src 'self'");
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

test('the API and uploads win over the static catch-all', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/menu' });
  expect(res.json().type).toBe('ok');
  const svg = await t.app.inject({ method: 'GET', url: '/uploads/banner-1.svg' });
  expect(svg.statusCode).toBe(200);
  expect(svg.headers['content-type']).toBe('image/svg+xml');
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
