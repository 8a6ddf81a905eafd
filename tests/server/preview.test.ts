/**
 * Preview before publishing (issue 24), through the real app and `npm run ops`: a draft opened and edited
 * (a tighter register rule, its message, a screen text and a banner) is served only to the browser that opened the
 * preview link (config manifest and files, the API's form rule and message, socket pushes); a broken draft
 * is refused with file, place and reason and cannot be published; `publish` makes it every customer's, as a
 * new version with who; `config-restore` rolls back; `draft-discard` drops a draft.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { runOps } from '../../scripts/ops';
import { CONFIG_EVENT, type ConfigManifest } from '../../src/shared/config/manifest';
import { DRAFT_DIR, PREVIEW_COOKIE } from '../../src/server/configuration/preview';
import { writeOpsFile } from '../../src/server/ops/http';
import { copyConfig, createTestApp, editJson, type TestApp } from './helpers';
import { SocketClients } from './sockets';

const me = os.userInfo().username;
const EMAIL = 'preview.rule@example.com';
/** 10 characters: enough for the published rule (7), too short for the draft's (12). */
const PASSWORD = 'abcdefghij';

let t: TestApp;
let dir: string;
let url: string;
let draftDir: string;
const clients = new SocketClients();

async function ops(...args: string[]): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runOps(args, t.dataDir, (l) => lines.push(l));
  return { code, lines };
}

beforeAll(async () => {
  dir = copyConfig();
  t = await createTestApp({ configDir: dir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  writeOpsFile(t.dataDir, url, t.app.services.opsToken);
  draftDir = path.join(t.dataDir, DRAFT_DIR);
});

afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const manifest = async (cookie?: string): Promise<ConfigManifest> => (await t.app.inject({ method: 'GET', url: '/config/manifest.json', headers: cookie ? { cookie } : {} })).json();

/** The register call's refusal: the form rule's message, or (rule passed) the wrong code's. */
async function register(cookie?: string): Promise<string> {
  const answer = await t.call('POST /user/register', { user_string: EMAIL, code: '123456', password: PASSWORD, re_password: PASSWORD, type: 'email' }, cookie ? { headers: { cookie } } : {});
  expect(answer.type).not.toBe('ok');
  return String(answer.message);
}

async function enMessage(m: ConfigManifest, key: string, cookie?: string): Promise<{ status: number; text?: string }> {
  const res = await t.app.inject({ method: 'GET', url: `/config/messages/en.rest.${m.messages['en.rest']}.json`, headers: cookie ? { cookie } : {} });
  if (res.statusCode !== 200) return { status: res.statusCode };
  // a draft's file is for the preview browser only, never kept by a shared cache
  expect(res.headers['cache-control']).toMatch(cookie && m.preview ? /^private,/ : /^public,/);
  const ast = res.json()[key] as Array<{ value?: string }>;
  return { status: 200, text: ast.map((e) => e.value ?? '').join('') };
}

function nextConfig(socket: Socket): Promise<ConfigManifest> {
  return new Promise((resolve) => socket.once(CONFIG_EVENT, resolve));
}

function connected(cookie?: string): Promise<Socket> {
  const socket = clients.connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, ...(cookie ? { extraHeaders: { cookie } } : {}) });
  return new Promise((resolve, reject) => { socket.once('connect', () => resolve(socket)); socket.once('connect_error', reject); });
}

describe('a draft previewed, refused, published and rolled back', () => {
  let cookie = '';
  let published: ConfigManifest;
  let draft: ConfigManifest;
  let customerSocket: Socket;
  let previewSocket: Socket;
  const customerHeard: ConfigManifest[] = [];

  it('opens a draft, a copy of the served configuration, and says where', async () => {
    published = await manifest();
    const opened = await ops('draft-open');
    expect(opened).toEqual({ code: 0, lines: [expect.stringContaining(draftDir)] });
    expect(fs.readFileSync(path.join(draftDir, 'schemas/register.json'), 'utf8')).toBe(fs.readFileSync(path.join(dir, 'schemas/register.json'), 'utf8'));
    expect((await ops('draft-open')).lines).toEqual([expect.stringMatching(/^refused: a draft is open already/)]);
  });

  it('checks the edited draft and lists what it changes', async () => {
    editJson(draftDir, 'schemas/register.json', (f) => { f.schema.properties.password.minLength = 12; });
    editJson(draftDir, 'i18n/en.json', (m) => {
      m['register.password.error.minLength'] = 'Draft rule: at least {minLength, plural, one {# character} other {# characters}}';
      m['register.title'] = 'Join us (draft)';
    });
    const status = await ops('draft-status');
    expect(status.code).toBe(0);
    expect(status.lines[0]).toMatch(new RegExp(`^draft in ${draftDir}, opened .* by ${me} from ${published.version}`));
    expect(status.lines).toContain('changed from the published configuration: i18n/en.json, schemas/register.json');
  });

  it('gives a secret link whose browser alone gets the draft: manifest, files, form rule and message', async () => {
    const link = await ops('preview-link');
    expect(link.code).toBe(0);
    const secret = new RegExp(`^${url}/preview/([0-9a-f]{64})$`).exec(link.lines[0])?.[1];
    expect(secret).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `/preview/${'0'.repeat(64)}` })).statusCode).toBe(404);
    const opened = await t.app.inject({ method: 'GET', url: `/preview/${secret}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe('/');
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${PREVIEW_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Lax`));
    cookie = setCookie.split(';')[0];

    draft = await manifest(cookie);
    expect(draft.preview).toBe(true);
    expect(draft.version).not.toBe(published.version);
    expect(draft.forms.register).not.toBe(published.forms.register);
    expect(await manifest()).toEqual(published);
    expect(await manifest(`${PREVIEW_COOKIE}=${'0'.repeat(64)}`)).toEqual(published);

    expect(await enMessage(draft, 'register.title', cookie)).toEqual({ status: 200, text: 'Join us (draft)' });
    expect((await enMessage(draft, 'register.title')).status).toBe(404);
    expect((await enMessage(published, 'register.title')).text).not.toBe('Join us (draft)');

    expect(await register(cookie)).toBe('Draft rule: at least 12 characters');
    expect(await register()).not.toMatch(/at least/);
  });

  it('serves the draft\'s banners (content) to the preview session only', async () => {
    const banner = async (lang: string, headers: Record<string, string> = {}) =>
      (await t.call('POST /news/list', { c_id: 5, lang }, { headers })).message.list[0].title;
    const before = await banner('fa');
    editJson(draftDir, 'content/banners.json', (j) => { j.banners[0].title.fa = 'پیش‌نمایش بنر'; });
    expect((await ops('draft-status')).code).toBe(0);
    expect(await banner('fa', { cookie })).toBe('پیش‌نمایش بنر');
    expect(await banner('fa')).toBe(before);
  });

  it('pushes a draft change to the preview session only', async () => {
    customerSocket = await connected();
    previewSocket = await connected(cookie);
    customerSocket.on(CONFIG_EVENT, (m: ConfigManifest) => customerHeard.push(m));
    editJson(draftDir, 'i18n/en.json', (m) => { m['register.title'] = 'Join us (draft 2)'; });
    const heard = nextConfig(previewSocket);
    expect((await ops('draft-status')).code).toBe(0);
    const pushed = await heard;
    expect(pushed).toEqual(await manifest(cookie));
    expect(pushed.preview).toBe(true);
    draft = pushed;
    await new Promise((r) => setTimeout(r, 200));
    expect(customerHeard).toEqual([]);
  });

  it('refuses a broken draft loudly, keeps previewing the last good one, and will not publish it', async () => {
    const file = path.join(draftDir, 'schemas/register.json');
    const good = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, good.replace('"minLength": 12', '"minLength": "twelve"'));
    try {
      const status = await ops('draft-status');
      expect(status.code).toBe(1);
      expect(status.lines).toContainEqual(expect.stringMatching(/^ {2}schemas\/register\.json: \$\.schema\.properties\.password\.minLength: /));
      expect(t.logs.some((l) => l.level >= 50 && /draft change refused/.test(l.msg))).toBe(true);
      expect(await manifest(cookie)).toEqual(draft);
      const refused = await ops('publish');
      expect(refused.code).toBe(1);
      expect(refused.lines[0]).toMatch(/^refused: the draft has \d+ problem\(s\), nothing was published/);
      expect(refused.lines[1]).toMatch(/^ {2}schemas\/register\.json: \$\.schema\.properties\.password\.minLength: /);
      expect(await manifest()).toEqual(published);
    } finally {
      fs.writeFileSync(file, good);
    }
  });

  it('publishes the draft for everyone, as a new version with who, and ends the preview', async () => {
    const heard = nextConfig(customerSocket);
    const previewHeard = nextConfig(previewSocket);
    const done = await ops('publish');
    expect(done.code).toBe(0);
    expect(done.lines[0]).toMatch(/^published the draft as #2 /);
    const now = await manifest();
    expect(now.version).toBe(draft.version);
    expect((await heard).version).toBe(draft.version);
    expect((await previewHeard).preview).toBeUndefined();
    expect(await manifest(cookie)).toEqual(now);
    expect(await register()).toBe('Draft rule: at least 12 characters');
    expect(fs.readFileSync(path.join(dir, 'schemas/register.json'), 'utf8')).toContain('"minLength": 12');
    expect(fs.existsSync(draftDir)).toBe(false);
    expect((await ops('config-history')).lines[0]).toMatch(new RegExp(`^#2 ${now.version} .* by ${me}, from the draft \\(serving\\): content/banners.json, i18n/en.json, schemas/register.json$`));
    expect((await ops('preview-link')).lines).toEqual(['refused: no draft is open: npm run ops -- draft-open']);
  });

  it('rolls back with config-restore', async () => {
    const heard = nextConfig(customerSocket);
    expect((await ops('config-restore', '1')).code).toBe(0);
    expect((await heard).version).toBe(published.version);
    expect(await manifest()).toEqual(published);
    expect(await register()).not.toMatch(/at least/);
  });
});

describe('a discarded draft', () => {
  it('is dropped, and its preview session sees the published configuration again', async () => {
    expect((await ops('draft-discard')).lines).toEqual(['refused: no draft is open: npm run ops -- draft-open']);
    expect((await ops('draft-open')).code).toBe(0);
    editJson(draftDir, 'i18n/en.json', (m) => { m['register.title'] = 'Never published'; });
    await ops('draft-status');
    const secret = /\/preview\/(\w+)$/.exec((await ops('preview-link')).lines[0])![1];
    const cookie = `${PREVIEW_COOKIE}=${secret}`;
    const seen = await manifest(cookie);
    expect(seen.preview).toBe(true);
    expect(await ops('draft-discard')).toEqual({ code: 0, lines: ['draft discarded'] });
    expect(fs.existsSync(draftDir)).toBe(false);
    expect(await manifest(cookie)).toEqual(await manifest());
    expect((await t.app.inject({ method: 'GET', url: `/preview/${secret}` })).statusCode).toBe(404);
  });

  it('a draft opened before a published change is not published over it without --force', async () => {
    expect((await ops('draft-open')).code).toBe(0);
    editJson(dir, 'i18n/en.json', (m) => { m['register.title'] = 'Saved straight into CONFIG_DIR'; });
    expect((await ops('reload-config')).code).toBe(0);
    const refused = await ops('publish');
    expect(refused.code).toBe(1);
    expect(refused.lines[0]).toMatch(/^refused: the published configuration changed since the draft was opened/);
    expect((await ops('publish', '--force')).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'i18n/en.json'), 'utf8'))['register.title']).not.toBe('Saved straight into CONFIG_DIR');
  });
});
