/**
 * A twelfth language added the way docs/operators.md "Add a language" says, into the configuration folder of
 * a running server: `npm run i18n -- add de` writes its file, a translator translates, one entry in
 * screens/app.json offers it. No code changes and the server does not restart: its watch applies each save.
 * The picker's source (app.json served under /config), the messages, the API's errors, the language chosen
 * from Accept-Language and `<html lang dir>` follow; a file missing keys is refused, the last good kept.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main as i18n } from '../../scripts/i18n';
import { lintAll } from '../../scripts/lint-config';
import { formatProblem } from '../../src/shared/config/lint';
import { configUrl, type ConfigManifest } from '../../src/shared/config/manifest';
import { SHIPPED_LANGUAGE_CODES } from '../../src/shared/i18n/languages';
import type { ReloadOutcome } from '../../src/server/configuration/store';
import { copyConfig, createTestApp, editJson, type TestApp } from './helpers';

let t: TestApp;
let dir: string;
let dist: string;

beforeAll(async () => {
  dir = copyConfig();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>App</title></head><body><div id="app"></div></body></html>');
  t = await createTestApp({ configDir: dir, distDir: dist, watchConfig: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
  for (const d of [dir, dist]) fs.rmSync(d, { recursive: true, force: true });
});

/** The next reload the watch makes after `save` (a save of the operator's). */
async function saved(save: () => void): Promise<ReloadOutcome> {
  const outcome = new Promise<ReloadOutcome>((resolve) => {
    const stop = t.app.services.configuration.onReload((o) => { stop(); resolve(o); });
  });
  save();
  return outcome;
}

const get = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const manifest = async (): Promise<ConfigManifest> => (await get('/config/manifest.json')).json();
/** What the app's picker reads: app.json as served, by the manifest's name. */
const servedApp = async (): Promise<{ languages: unknown[] }> => (await get(configUrl.app((await manifest()).app))).json();
const loginError = async (extra: Record<string, string>, headers: Record<string, string> = {}) =>
  (await t.call('POST /user/login', { user_string: 'nobody@example.com', password: 'wrong-pass-1', ...extra }, { headers })).message;

/** Runs `npm run i18n -- <args>` on the configuration folder (CONFIG_DIR) and returns its exit code and output. */
function run(...args: string[]): { code: number; out: string } {
  const lines: string[] = [];
  const log = jest.spyOn(console, 'log').mockImplementation((...a: unknown[]) => { lines.push(a.join(' ')); });
  const error = jest.spyOn(console, 'error').mockImplementation((...a: unknown[]) => { lines.push(a.join(' ')); });
  try {
    return { code: i18n(args, dir), out: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const GERMAN = { 'api.login_failed': 'Falsches Konto oder Passwort', 'widget.language': 'Sprache', 'app.description': 'Handeln Sie Kryptowährungen' };

test('de: its file, then one entry in screens/app.json; offered, served and spoken with no restart', async () => {
  expect(SHIPPED_LANGUAGE_CODES).not.toContain('de'); // no code knows it

  // 1. the file, every value the English copy
  const added = run('add', 'de');
  expect(added.code).toBe(0);
  const entry = JSON.parse(/\n {2}(\{.*\})$/m.exec(added.out)![1]);
  expect(entry).toEqual({ code: 'de', tag: 'de', name: 'Deutsch', dir: 'ltr' });
  // 2. translated (here three texts); before it is offered the app and the API do not know it
  await saved(() => editJson(dir, 'i18n/de.json', (m) => Object.assign(m, GERMAN)));
  expect((await manifest()).messages['de.core']).toBeUndefined();
  expect(await loginError({ lang: 'de' })).toBe('Wrong account or password');
  expect(run('check').out).toContain('i18n/de.json: not offered yet; to offer it add to "languages" of screens/app.json: {"code":"de","tag":"de","name":"Deutsch","dir":"ltr"}');

  // 3. one entry offers it
  const outcome = await saved(() => editJson(dir, 'screens/app.json', (app) => { app.languages.push(entry); }));
  expect(outcome.refused).toBeUndefined();
  expect(outcome.changed).toBe(true);

  expect((await servedApp()).languages).toContainEqual(entry);
  const m = await manifest();
  const core = (await get(configUrl.messages('de.core', m.messages['de.core']))).json();
  expect(core['widget.language']).toEqual([{ type: 0, value: 'Sprache' }]);
  expect(core['common.cancel']).toEqual([{ type: 0, value: 'Cancel' }]); // untranslated yet: the English copy

  expect(await loginError({ lang: 'de' })).toBe('Falsches Konto oder Passwort');
  expect(await loginError({}, { 'accept-language': 'de-CH,de;q=0.9,en;q=0.5' })).toBe('Falsches Konto oder Passwort');
  expect(await loginError({}, { 'accept-language': 'fr-CA,de;q=0.5' })).toBe(t.app.services.i18n.t('fra', 'api.login_failed'));

  const html = (await get('/', { 'accept-language': 'de-DE' })).body;
  expect(html).toContain('<html lang="de" dir="ltr">');
  expect(html).toContain('<meta name="description" content="Handeln Sie Kryptowährungen">');
  expect(lintAll(dir).map(formatProblem)).toEqual([]);
}, 60_000);

test('a language written right to left: its direction comes from its entry', async () => {
  expect(run('add', 'ar').code).toBe(0);
  const outcome = await saved(() => editJson(dir, 'screens/app.json', (app) => { app.languages.push({ code: 'ar', tag: 'ar', name: 'العربية', dir: 'rtl' }); }));
  expect(outcome.refused).toBeUndefined();
  expect((await get('/', { 'accept-language': 'ar-EG' })).body).toContain('<html lang="ar" dir="rtl">');
}, 60_000);

test('a language file missing a key is refused, naming file and key; the last good one keeps serving', async () => {
  const before = t.app.services.configuration.current.manifest.version;
  const outcome = await saved(() => editJson(dir, 'i18n/de.json', (m) => { delete m['api.login_failed']; }));
  expect(outcome.refused?.problems.map(formatProblem)).toEqual(['i18n/de.json: $["api.login_failed"]: missing (present in i18n/en.json)']);
  expect(t.app.services.configuration.current.manifest.version).toBe(before);
  expect(await loginError({ lang: 'de' })).toBe('Falsches Konto oder Passwort');
  expect(lintAll(dir).map(formatProblem)).toContain('i18n/de.json: $["api.login_failed"]: missing (present in i18n/en.json)');
  expect((await saved(() => editJson(dir, 'i18n/de.json', (m) => { m['api.login_failed'] = GERMAN['api.login_failed']; }))).refused).toBeUndefined();
}, 60_000);

test('an entry that is wrong is refused with the reason, the last good one keeps serving', async () => {
  const refusal = async (edit: (languages: Record<string, unknown>[]) => void) =>
    (await saved(() => editJson(dir, 'screens/app.json', (app) => edit(app.languages)))).refused?.problems.map(formatProblem);
  const de = (languages: Record<string, unknown>[]) => languages.find((l) => l.code === 'de')!;
  expect(await refusal((l) => { de(l).tag = 'de_DE'; })).toEqual([expect.stringMatching(/^screens\/app\.json: \$\.languages\[11\]\.tag: "de_DE" is not a BCP 47 tag/)]);
  expect(await refusal((l) => { de(l).tag = 'de'; de(l).dir = 'rtl'; })).toEqual(['screens/app.json: $.languages[11].dir: "de" is written left to right: "dir": "ltr"']);
  expect(await refusal((l) => { de(l).dir = 'ltr'; l.push({ code: 'vi', tag: 'vi', name: 'Tiếng Việt', dir: 'ltr' }); }))
    .toEqual(['screens/app.json: $.languages[13]: offers "vi", which has no file i18n/vi.json: create it with npm run i18n -- add vi']);
  expect(await loginError({ lang: 'de' })).toBe('Falsches Konto oder Passwort');
  expect((await saved(() => editJson(dir, 'screens/app.json', (app) => { app.languages.pop(); }))).refused).toBeUndefined();
}, 60_000);
