/**
 * The configuration as the server loads, serves, reloads and enforces it: one rule in a form file is
 * enforced by the API with no code change; a broken change is refused whole and named; the app's HTML
 * carries the boot data; assets are immutable by content hash.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINTS } from '../../src/shared/contract';
import { createAjv } from '../../src/server/validation';
import { coerceNumbers, numericFields } from '../../src/server/inputCoercion';
import { ConfigStore, loadConfiguration } from '../../src/server/configuration/store';
import { ConfigCompileError } from '../../src/server/configuration/compile';
import { BOOT_HERO_SCRIPT, BOOT_HERO_SCRIPT_SOURCE } from '../../src/server/configuration/bootHero';
import { ROUTE_CODE_SCRIPT, ROUTE_CODE_SCRIPT_SOURCE, type RouteCode } from '../../src/server/configuration/routeCode';
import { runOps } from '../../scripts/ops';
import { writeOpsFile } from '../../src/server/ops/http';
import { copyConfig, createTestApp, editJson, type TestApp } from './helpers';
import { CHUNK_FILES } from '../../src/shared/screens/widgetChunks';
import pino from 'pino';

const UPLOAD = `/uploads/${'a'.repeat(64)}.png`;
const CARD = {
  real_name: 'Ann Lee', bank_account: '6222 0212 3456 7890', iban: '1234567890123', bank_name: 'Bank of Example',
  bank_address: '1 Main Street, Springfield', bank_network: 'Springfield Branch', bank_code: 'bkchcnbj', phone: '+86 138 0013 8000',
  bank_dizhi: '22 Elm Road #5, Springfield', aba_number: '021000021',
};

/**
 * For every form: a payload that the contract and the form as shipped accept, and the field whose rule a
 * test configuration tightens (a `maxLength` one shorter than the value).
 */
const PAYLOADS: Record<string, { payload: Record<string, string>; field: string }> = {
  avatar: { payload: { head_portrait: UPLOAD }, field: 'head_portrait' },
  'bank-card': { payload: CARD, field: 'bank_name' },
  'bank-card-international': { payload: CARD, field: 'real_name' },
  'bind-mobile': { payload: { area_code: '+86', mobile: '13800138000', code: '123456' }, field: 'mobile' },
  deposit: { payload: { currency: '3', chain: 'TRC20', amount: '250', account: UPLOAD, status: '1' }, field: 'amount' },
  forget: { payload: { type: 'email', user_string: 'ann@example.com', code: '123456', password: 'secret-pass', re_password: 'secret-pass' }, field: 'user_string' },
  'kyc-basic': { payload: { real_type: '1', id_type: '1', name: 'Ann Lee', card_id: 'P1234567', address: '1 Main Street' }, field: 'address' },
  'kyc-advanced': { payload: { real_type: '2', front_pic: UPLOAD, reverse_pic: UPLOAD, hand_pic: UPLOAD }, field: 'hand_pic' },
  login: { payload: { user_string: 'ann@example.com', password: 'secret-pass' }, field: 'password' },
  nickname: { payload: { nickname: 'Ann2024' }, field: 'nickname' },
  'pay-password': { payload: { email: 'ann@example.com', code: '123456', password: 'Pay-secret-7', re_password: 'Pay-secret-7' }, field: 'password' },
  register: { payload: { type: 'email', user_string: 'ann@example.com', code: '123456', password: 'secret-pass', re_password: 'secret-pass' }, field: 'password' },
  'register-mobile': { payload: { type: 'mobile', area_code: '+86', user_string: '13800138000', code: '123456', password: 'secret-pass', re_password: 'secret-pass' }, field: 'user_string' },
  signature: { payload: { signature: 'Hello there' }, field: 'signature' },
  profile: { payload: { nickname: 'Ann2024', signature: 'Hello there' }, field: 'signature' },
  transfer: { payload: { currency_id: '1', from_field: 'change', to_field: 'legal', number: '10' }, field: 'number' },
  withdraw: { payload: { currency: '3', chain: 'TRC20', type: '0', address: 'TXYZ1234567890abcdef', number: '100', pay_password: 'Pay-secret-7' }, field: 'pay_password' },
  exchange: { payload: { from_currency_id: '3', to_currency_id: '1', number: '1000' }, field: 'number' },
  'wallet-address': { payload: { currency: '1', chain: 'TRC20', name: 'My cold wallet 1', address: 'TXYZ1234567890abcdef', qrcode: UPLOAD }, field: 'name' },
  'spot-order': { payload: { currency_id: '1', legal_id: '3', type: '1', amount: '0.01', target_price: '50000' }, field: 'amount' },
  'contract-order': { payload: { currency_id: '1', legal_id: '3', type: '1', status: '1', share: '10', multiple: '10' }, field: 'share' },
  'contract-stop': { payload: { id: '1', target_profit_price: '70000', stop_loss_price: '60000' }, field: 'stop_loss_price' },
  'dual-order': { payload: { id: '1', num: '1', pay_password: 'Pay-secret-7' }, field: 'pay_password' },
  'ieo-order': { payload: { project_id: '1', amount: '100', pay_currency: '3', price: '520', pay_password: 'Pay-secret-7' }, field: 'pay_password' },
  'mining-order': { payload: { config_id: '1', amount: '1000', pay_password: 'Pay-secret-7' }, field: 'pay_password' },
  'seconds-order': { payload: { match_id: '1', currency_id: '3', type: '1', seconds: '60', number: '100' }, field: 'number' },
  loan: { payload: { money: '1000', day: '30', pawn: 'BTC' }, field: 'pawn' },
  'loan-repay': { payload: { id: '1', amount: '1000' }, field: 'amount' },
  'loan-pledge': { payload: { id: '1', amount: '0.5' }, field: 'amount' },
  'buy-crypto': {
    payload: { country: 'US', fiat: 'USD', method: 'bank', amount: '100', first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '+1 555 0100', tax_id: 'TX-1234' },
    field: 'tax_id',
  },
  'buy-voucher': { payload: { id: '1', voucher: UPLOAD }, field: 'voucher' },
};

const root = path.resolve(__dirname, '..', '..');
const formNames = fs.readdirSync(path.join(root, 'schemas')).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json')).map((f) => f.replace(/\.json$/, ''));
const formOf = (name: string) => JSON.parse(fs.readFileSync(path.join(root, 'schemas', `${name}.json`), 'utf8'));

describe('one rule, one place: the API enforces each form file', () => {
  let shipped: TestApp;
  let tightened: TestApp;
  let token: string;
  let configDir: string;

  beforeAll(async () => {
    configDir = copyConfig();
    for (const [name, { payload, field }] of Object.entries(PAYLOADS)) {
      editJson(configDir, `schemas/${name}.json`, (form) => { form.schema.properties[field].maxLength = payload[field].length - 1; });
    }
    // Both are kept even when one fails to start, so afterAll closes the other (an open app keeps Jest running).
    const started = await Promise.allSettled([createTestApp(), createTestApp({ configDir })]);
    [shipped, tightened] = started.map((r) => (r.status === 'fulfilled' ? r.value : undefined)) as [TestApp, TestApp];
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    token = await tightened.signUp('owner.config@example.com', 'short-pw1'); // fits the tightened register and login forms
  }, 60_000);
  afterAll(async () => {
    await Promise.all([shipped?.close(), tightened?.close()]);
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  it('has a case for every form', () => {
    expect(Object.keys(PAYLOADS).sort()).toEqual([...formNames].sort());
  });

  it.each(Object.keys(PAYLOADS))('%s: a payload the contract accepts but the tightened form refuses is refused by the API', async (name) => {
    const { payload, field } = PAYLOADS[name];
    const endpoint = formOf(name).submit.endpoint as keyof typeof ENDPOINTS;
    const contract = createAjv().compile(ENDPOINTS[endpoint].request!);
    const typed = { ...payload };
    coerceNumbers(numericFields(ENDPOINTS[endpoint].request), typed); // as the server reads form-encoded text
    expect(contract(typed)).toBe(true);
    const answer = await tightened.call(endpoint, payload, { token });
    expect(answer.type).toBe('error');
    // the rule's own message with its limit as an argument: the tightened length, never a stale constant
    expect(answer.message).toContain(String(payload[field].length - 1));
    const before = shipped.logs.length;
    const asShipped = await shipped.call(endpoint, payload, { token: await shippedToken() });
    expect(asShipped.message).not.toBe(answer.message);
    expect(shipped.logs.slice(before).filter((l) => l.level >= 50)).toEqual([]);
  });

  let shippedUser: string | undefined;
  async function shippedToken(): Promise<string> {
    shippedUser ??= await shipped.signUp('owner.shipped@example.com');
    return shippedUser;
  }

  it('register: a password that the form makes too short is refused, the account is not created', async () => {
    const dir = copyConfig();
    editJson(dir, 'schemas/register.json', (form) => { form.schema.properties.password.minLength = 10; });
    const t = await createTestApp({ configDir: dir });
    try {
      await t.call('POST /sms_mail', { user_string: 'short@example.com', scene: 'register' });
      const code = await t.lastCode('short@example.com');
      const r = await t.call('POST /user/register', { user_string: 'short@example.com', code, password: 'eight888', re_password: 'eight888' });
      expect(r.type).toBe('error');
      expect(r.message).toContain('10');
      expect((await t.call('POST /user/login', { user_string: 'short@example.com', password: 'eight888' })).type).toBe('error');
      const ok = await t.call('POST /user/register', { user_string: 'short@example.com', code, password: 'ten-chars-ok', re_password: 'ten-chars-ok' });
      expect(ok.type).toBe('ok');
    } finally {
      await t.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reload', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = copyConfig();
    t = await createTestApp({ configDir: dir });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    writeOpsFile(t.dataDir, `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, t.app.services.opsToken);
  });
  afterAll(async () => { await t?.close(); fs.rmSync(dir, { recursive: true, force: true }); });

  const ops = async (...args: string[]) => {
    const lines: string[] = [];
    const code = await runOps(args, t.dataDir, (l) => lines.push(l));
    return { code, lines };
  };

  it('applies a valid change whole: screen, rule and message, announced with the new manifest', async () => {
    const before = t.app.services.configuration.current.manifest;
    const heard: unknown[] = [];
    t.app.services.configuration.onChange((c) => heard.push(c.manifest.version));
    editJson(dir, 'screens/common/faq.json', (s) => { s.title = 'common.loading'; });
    editJson(dir, 'schemas/wallet-address.json', (f) => { f.schema.properties.name.maxLength = 10; });
    editJson(dir, 'i18n/en.json', (m) => { m['api.invalid_request'] = 'That request was not understood'; });
    const reload = await ops('reload-config');
    expect(reload.code).toBe(0);
    expect(reload.lines[0]).toMatch(/^serving configuration [0-9a-f]{10} from .* \(reloaded now\)$/);
    const after = t.app.services.configuration.current.manifest;
    expect(after.version).not.toBe(before.version);
    expect(heard).toEqual([after.version]);
    expect(after.screens['/pages/common/faq']).not.toBe(before.screens['/pages/common/faq']);
    expect(after.screens['/pages/common/login']).toBe(before.screens['/pages/common/login']);
    const token = await t.signUp('reload.user@example.com');
    const saved = await t.call('POST /user/wallet/save', { currency: '1', chain: 'TRC20', name: 'Sixteen chars ab', address: 'TXYZ1234567890abcdef', qrcode: `/uploads/${'b'.repeat(64)}.png` }, { token });
    expect(saved.type).toBe('error');
    expect(saved.message).toContain('10');
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: 'x' })).json().message).toBe('That request was not understood');
  });

  it('refuses a broken change whole, keeps serving the last good one and names file, place and reason', async () => {
    const good = t.app.services.configuration.current.manifest.version;
    const faq = path.join(dir, 'screens/common/faq.json');
    fs.writeFileSync(faq, fs.readFileSync(faq, 'utf8').replace(/,\s*"route"/, '\n  "route"'));
    editJson(dir, 'screens/common/aboutus.json', (s) => { s.title = 'common.retry'; });
    const reload = await ops('reload-config');
    expect(reload.code).toBe(1);
    expect(reload.lines[1]).toMatch(/was refused \(1 problem\(s\)\)/);
    expect(reload.lines[2]).toMatch(/^ {2}screens\/common\/faq\.json: \d+:\d+: invalid JSON: /);
    expect(t.app.services.configuration.current.manifest.version).toBe(good);
    const status = await ops('config-status');
    expect(status.lines.slice(2)).toEqual(reload.lines.slice(2));
    expect(t.logs.some((l) => l.level === 50 && /configuration change refused/.test(l.msg))).toBe(true);
    // fixed: applied, and the status is clear again
    fs.writeFileSync(faq, fs.readFileSync(faq, 'utf8').replace(/\n {2}"route"/, ',\n  "route"'));
    expect((await ops('reload-config')).code).toBe(0);
    expect((await ops('config-status')).lines).toHaveLength(1);
  });

  it('refuses a form whose schema has a keyword ajv does not know (strict), naming it', async () => {
    editJson(dir, 'schemas/nickname.json', (f) => { f.schema.properties.nickname.minLenght = 3; });
    const reload = await ops('reload-config');
    expect(reload.code).toBe(1);
    expect(reload.lines[2]).toBe('  schemas/nickname.json: $.schema.properties.nickname.minLenght: schema does not compile: strict mode: unknown keyword: "minLenght"');
    editJson(dir, 'schemas/nickname.json', (f) => { delete f.schema.properties.nickname.minLenght; });
    expect((await ops('reload-config')).code).toBe(0);
  });

  it('refuses a pattern the linear-time matcher cannot run (a backreference), naming it', async () => {
    editJson(dir, 'schemas/nickname.json', (f) => { f.schema.properties.nickname.pattern = '^(\\w)\\1*$'; });
    const reload = await ops('reload-config');
    expect(reload.code).toBe(1);
    expect(reload.lines[2]).toBe('  schemas/nickname.json: $.schema.properties.nickname.pattern: pattern "^(\\\\w)\\\\1*$" is refused: the backreference \\1 is not supported (it cannot be matched in linear time)');
    editJson(dir, 'schemas/nickname.json', (f) => { delete f.schema.properties.nickname.pattern; });
    expect((await ops('reload-config')).code).toBe(0);
  });

  it('watches the folders: a saved file is applied without asking', async () => {
    const store = new ConfigStore(dir, pino({ level: 'silent' }));
    try {
      store.watch();
      const changed = new Promise((resolve) => store.onChange(resolve));
      editJson(dir, 'screens/common/contactus.json', (s) => { s.title = 'common.loading'; });
      await expect(changed).resolves.toMatchObject({ manifest: { version: expect.any(String) } });
    } finally {
      store.close();
    }
  });
});

describe('serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="script-src \'self\'; object-src \'none\'"><title>x</title></head>'
      + '<body><div id="app"><div class="boot" aria-hidden="true"><div class="boot__bar"></div><div class="boot__rows"></div></div></div></body></html>');
    fs.writeFileSync(path.join(distDir, CHUNK_FILES), JSON.stringify({
      'screen-runtime': ['screen-runtime.0f.css', 'screen-runtime.0f.js'], 'widget-popup': ['widget-popup.1a.js'], 'widget-quotes': ['9.2b.js', 'widget-quotes.3c.css', 'widget-quotes.4d.js'], 'widget-form': ['widget-form.5e.js'],
    }));
    t = await createTestApp({ distDir });
  });
  afterAll(async () => { await t?.close(); });

  it('serves every manifest entry immutably by content hash, and the manifest uncached', async () => {
    const { manifest } = t.app.services.configuration.current;
    const m = await t.app.inject({ url: '/config/manifest.json' });
    expect(m.headers['cache-control']).toBe('no-cache');
    expect(m.json()).toEqual(manifest);
    const screen = await t.app.inject({ url: `/config/screens/pages/common/login.${manifest.screens['/pages/common/login']}.json` });
    expect(screen.statusCode).toBe(200);
    expect(screen.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(screen.json()).toMatchObject({ route: '/pages/common/login', schemaVersion: 3 });
    const form = await t.app.inject({ url: `/config/forms/login.${manifest.forms.login}.js` });
    expect(form.headers['content-type']).toMatch(/^text\/javascript/);
    expect(form.body).toMatch(/^\/\/ schemas\/login\.json/);
    expect(form.body).not.toMatch(/\beval\(|new Function|(?<![\w$])require\(/);
    const messages = await t.app.inject({ url: `/config/messages/fa.core.${manifest.messages['fa.core']}.json` });
    expect(Array.isArray(messages.json()['common.retry'])).toBe(true);
    expect((await t.app.inject({ url: '/config/screens/pages/common/login.0000.json' })).statusCode).toBe(404);
  });

  it('fills untranslated keys from English, and splits core from rest', () => {
    const { messages, ast } = t.app.services.configuration.current;
    expect(Object.keys(messages.fa)).toEqual(Object.keys(messages.en));
    expect(Object.keys(ast.get('en.core') ?? {}).every((k) => /^(home|tab|shell|common|widget|list|market|popup|announcements)\./.test(k))).toBe(true);
    expect(Object.keys(ast.get('en.rest') ?? {})).toContain('login.title');
  });

  it('inlines the manifest, the shell, the home screen and the core messages of the visitor\'s language into the HTML', async () => {
    const config = t.app.services.configuration.current;
    const res = await t.app.inject({ url: '/', headers: { 'accept-language': 'fa-IR,fa;q=0.9' } });
    expect(res.headers['cache-control']).toBe('no-cache');
    const json = /<script id="boot" type="application\/json">(.*)<\/script><\/head>/.exec(res.body)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toContain('<');
    const boot = JSON.parse(json!);
    // the HTML names the screens and the visitor's messages; the rest comes with the whole manifest
    expect(boot.manifest).toEqual({ ...config.manifest, forms: {}, messages: { 'fa.core': config.manifest.messages['fa.core'], 'fa.rest': config.manifest.messages['fa.rest'] }, partial: true });
    expect(boot.app).toEqual(config.app);
    expect(boot.home).toEqual({ route: config.app.home, screen: config.screens.get(String(config.app.home)) });
    expect(boot.messages.lang).toBe('fa');
    expect(boot.messages.data).toEqual(config.ast.get('fa.core'));
    // laid out right to left from the first paint, described in the visitor's language
    expect(res.body).toMatch(/^<!doctype html><html lang="fa" dir="rtl"><head>/);
    expect(res.body).toContain(`<meta name="description" content="${t.app.services.i18n.t('fa', 'app.description')}">`);
    // the home banner's first slide, its largest paint, is asked for before any script has run
    const banners = (await t.call('POST /news/list', { c_id: 5, page: 1, limit: 5, lang: 'fa' })).message as { list: Array<{ cover: string }> };
    expect(banners.list[0].cover).toMatch(/^\/content\/images\//);
    expect(res.body).not.toContain('as="image"');
    // and drawn by the HTML where the home banner is, kept by the inline route check that the page's CSP allows
    expect(res.body).toContain(`<div class="boot boot--home" aria-hidden="true" data-route="${config.app.home}"><div class="boot__bar"></div><script>${BOOT_HERO_SCRIPT}</script>`
      + `<div class="boot__hero" id="boot-hero"><img src="${banners.list[0].cover}" alt="" width="750" height="300" loading="lazy" fetchpriority="high"></div><div class="boot__rows">`);
    expect(res.body).toContain(`content="script-src 'self' ${BOOT_HERO_SCRIPT_SOURCE} ${ROUTE_CODE_SCRIPT_SOURCE}; object-src 'none'"`);
    // the screen runtime, which every route needs, downloads beside the app's own code
    expect(res.body.match(/<link rel="preload" as="(?:style|script)"[^>]*>/g)).toEqual([
      '<link rel="preload" as="style" href="/screen-runtime.0f.css">',
      '<link rel="preload" as="script" href="/screen-runtime.0f.js">',
    ]);
    // and the route in the address bar gets its screen file and widgets from the route table, before the app's scripts
    const table = /<\/title><script id="route-code" type="application\/json">(.*?)<\/script><script>(.*?)<\/script><meta name="description"/.exec(res.body);
    expect(table?.[2]).toBe(ROUTE_CODE_SCRIPT);
    const code = JSON.parse(table![1]) as RouteCode;
    expect(code.h).toBe(config.app.home);
    // the home route's script asks for the banner's first slide (a deep link, whose drawing is hidden, does not)
    expect(code.i).toBe(banners.list[0].cover);
    const filesOf = (route: string) => code.r[route].slice(1).map((i) => code.f[Number(i)]);
    // the home screen is inlined: only its widgets that every visitor sees (the popup and the quotes tables)
    expect(code.r[String(config.app.home)][0]).toBe('');
    expect(filesOf(String(config.app.home))).toEqual(['widget-popup.1a.js', '9.2b.js', 'widget-quotes.3c.css', 'widget-quotes.4d.js']);
    // another route: its screen file's hash, and no widget bundled with the runtime
    expect(code.r['/pages/fund/assets'][0]).toBe(config.manifest.screens['/pages/fund/assets']);
    const again = await t.app.inject({ url: '/', headers: { 'accept-language': 'fa', 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

test('a configuration with a problem does not load: every problem is named', () => {
  const dir = copyConfig();
  try {
    fs.writeFileSync(path.join(dir, 'i18n/ru.json'), fs.readFileSync(path.join(dir, 'i18n/ru.json'), 'utf8').replace('"common.retry": "', '"common.retry": "{'));
    expect(() => loadConfiguration(dir)).toThrow(ConfigCompileError);
    try { loadConfiguration(dir); } catch (err) {
      expect((err as ConfigCompileError).problems).toEqual([expect.objectContaining({ file: 'i18n/ru.json', path: '$["common.retry"]', reason: expect.stringMatching(/^ICU syntax error/) })]);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
