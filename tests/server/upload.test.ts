import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, multipart, PNG_1X1, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signUp('uploader@example.com');
}, 60_000);
afterAll(async () => { await t?.close(); });

async function upload(data: Buffer, filename = 'x.png', type = 'image/png', fields: Record<string, string> = {}) {
  const body = multipart({ filename, type, data }, fields);
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, authorization: token } });
  expect(res.statusCode).toBe(200);
  return res.json();
}

test('a PNG is stored under a hash and served to its uploader only, never kept by a cache', async () => {
  const r = await upload(PNG_1X1);
  expect(r.type).toBe('ok');
  expect(r.message).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
  expect(fs.existsSync(path.join(t.dataDir, r.message))).toBe(true);
  const anonymous = await t.app.inject({ method: 'GET', url: r.message });
  expect(anonymous.statusCode).toBe(404);
  expect(anonymous.headers['cache-control']).toBe('no-store');
  const res = await t.app.inject({ method: 'GET', url: r.message, headers: { authorization: token } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.rawPayload.equals(PNG_1X1)).toBe(true);
  expect((await upload(PNG_1X1, 'again.png')).message).toBe(r.message);
});

test('JPEG, GIF and WebP are recognised by content, whatever the name says', async () => {
  expect((await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]), 'a.txt', 'text/plain')).message).toMatch(/\.jpg$/);
  expect((await upload(Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]), 'a.gif', 'image/gif')).message).toMatch(/\.gif$/);
  expect((await upload(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(20)]), 'a.webp', 'image/webp')).message).toMatch(/\.webp$/);
});

test('a text file is refused even when named .png', async () => {
  const r = await upload(Buffer.from('<script>alert(1)</script>'), 'evil.png', 'image/png');
  expect(r).toEqual({ type: 'error', message: 'Only PNG, JPEG, GIF or WebP images can be uploaded' });
  const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml');
  expect(svg.type).toBe('error');
});

test('more than 5 MiB is refused with a clear message', async () => {
  const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
  const r = await upload(big, 'big.png', 'image/png', { lang: 'en' });
  expect(r).toEqual({ type: 'error', message: 'The image must not be larger than 5 MB' });
});

test('login is required; a non-multipart body is refused', async () => {
  const body = multipart({ filename: 'x.png', type: 'image/png', data: PNG_1X1 });
  const anon = await t.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: body.headers });
  expect(anon.json().type).toBe('999');
  const form = await t.call('POST /upload', { file: 'abc' }, { token });
  expect(form).toEqual({ type: 'error', message: 'Please choose an image' });
});

test('the platform\'s app posts to the site root\'s /upload with the raw token; its refusals are HTTP 200 envelopes there too', async () => {
  const atRoot = async (payload: Buffer | string, headers: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url: '/upload', payload, headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const png = multipart({ filename: 'voucher.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.from('root')]) });
  const ok = await atRoot(png.payload, { ...png.headers, authorization: token, 'accept-language': 'en' });
  expect(ok).toEqual({ type: 'ok', message: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}\.png$/) });
  expect((await t.app.inject({ method: 'GET', url: ok.message, headers: { authorization: token } })).statusCode).toBe(200);
  // The same upload as at /api/upload: the same file.
  expect((await upload(Buffer.concat([PNG_1X1, Buffer.from('root')]))).message).toBe(ok.message);

  expect(await atRoot(png.payload, png.headers)).toEqual({ type: '999', message: 'Please log in first' });
  expect(await atRoot(png.payload, { ...png.headers, authorization: '' })).toEqual({ type: '999', message: 'Please log in first' });
  const text = multipart({ filename: 'x.png', type: 'image/png', data: Buffer.from('not an image') });
  expect(await atRoot(text.payload, { ...text.headers, authorization: token, 'accept-language': 'zh-CN' }))
    .toEqual({ type: 'error', message: t.app.services.i18n.t('zh', 'api.upload.not_image') });
  expect(await atRoot('file=abc', { 'content-type': 'application/x-www-form-urlencoded', authorization: token }))
    .toEqual({ type: 'error', message: 'Please choose an image' });
  const big = multipart({ filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]) });
  expect(await atRoot(big.payload, { ...big.headers, authorization: token })).toEqual({ type: 'error', message: 'The image must not be larger than 5 MB' });
});

test('uploads cannot escape their directory', async () => {
  for (const url of ['/uploads/../package.json', '/uploads/%2e%2e/%2e%2e/package.json', '/uploads/..%2fpackage.json']) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  }
});

describe('a body cut off or without its closing boundary', () => {
  const body = multipart({ filename: 'x.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.alloc(2000, 7)]) }, { lang: 'de' });
  const fileStart = body.payload.indexOf(PNG_1X1);
  const closing = body.payload.lastIndexOf('\r\n--');
  test.each([
    ['in the file part\'s headers', fileStart - 30],
    ['in the middle of the file', fileStart + 1000],
    ['before the closing boundary', closing],
    ['in the closing boundary', body.payload.length - 4],
  ])('%s: refused with a localised message, nothing stored, no error logged', async (_where, cut) => {
    const stored = fs.readdirSync(path.join(t.dataDir, 'uploads')).sort();
    const rows = await t.app.services.db.selectFrom('uploads').select('name').execute();
    const logged = t.logs.length;
    const res = await t.app.inject({
      method: 'POST', url: '/api/upload', payload: body.payload.subarray(0, cut), headers: { ...body.headers, authorization: token, 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(200);
    // The message of its own (api.upload.incomplete) once translated, else "the image was not found, upload it again".
    expect(res.json()).toEqual({ type: 'error', message: t.app.services.i18n.first('fra', ['api.upload.incomplete', 'api.upload.not_found']) });
    expect(t.logs.slice(logged).filter((l) => l.level >= 50)).toEqual([]);
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads')).sort()).toEqual(stored);
    expect(await t.app.services.db.selectFrom('uploads').select('name').execute()).toEqual(rows);
  });
});


describe('the hourly quota of an account', () => {
  const image = (i: number, bytes: number) => Buffer.concat([PNG_1X1, Buffer.alloc(bytes, i)]);
  const send = async (as: string, data: Buffer) => {
    const body = multipart({ filename: 'x.png', type: 'image/png', data });
    return t.app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, authorization: as, 'accept-language': 'en' } });
  };
  const QUOTA = 'You have uploaded too many images. Please try again in 60 minutes.';

  test('50 MiB an hour: the upload past it is refused with HTTP 429 and Retry-After, nothing stored; others are not affected', async () => {
    const heavy = await t.signUp('heavy.uploader@example.com');
    for (let i = 0; i < 10; i++) expect((await send(heavy, image(i, 4.8 * 1024 * 1024))).json().type).toBe('ok');
    const stored = fs.readdirSync(path.join(t.dataDir, 'uploads')).length;
    const refused = await send(heavy, image(10, 4.8 * 1024 * 1024));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json()).toEqual({ type: 'error', message: QUOTA });
    // Once over, refused before the body is read, however small.
    expect((await send(heavy, image(11, 10))).json()).toEqual({ type: 'error', message: QUOTA });
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads')).length).toBe(stored);
    expect((await send(token, image(12, 10))).json().type).toBe('ok');
    t.advance(60 * 60 * 1000);
    expect((await send(heavy, image(13, 10))).json().type).toBe('ok');
  });

  test('30 images an hour, however small', async () => {
    const busy = await t.signUp('busy.uploader@example.com');
    for (let i = 0; i < 30; i++) expect((await send(busy, image(100 + i, 10))).json().type).toBe('ok');
    expect((await send(busy, image(200, 10))).json()).toEqual({ type: 'error', message: QUOTA });
  });
});
