import '@testing-library/jest-dom';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import appJson from '../../screens/app.json';
import { messagePart } from '../../src/shared/i18n/catalogues';
import { appLanguages } from '../../src/shared/i18n/languages';
import { resetConfiguration } from '../../src/client/platform/configuration';

/*
 * The configuration as the server would serve it: the shell's app.json inline, and the messages of
 * i18n/ by the URLs of the manifest (a jsdom `fetch` answering /config/messages/…). A test may replace
 * it with resetConfiguration.
 */
const root = path.resolve(__dirname, '..', '..');
const messages = Object.fromEntries(appLanguages(appJson).codes.flatMap((l) => [[`${l}.core`, 'v1'], [`${l}.rest`, 'v1']]));
resetConfiguration({ manifest: { version: 'test', app: 'app', screens: {}, forms: {}, messages }, app: appJson });

function servedMessages(lang: string, part: string): Record<string, unknown> {
  const read = (l: string) => JSON.parse(fs.readFileSync(path.join(root, 'i18n', `${l}.json`), 'utf8')) as Record<string, string>;
  const merged = { ...read('en'), ...read(lang) };
  return Object.fromEntries(Object.entries(merged).filter(([k]) => messagePart(k) === part).map(([k, v]) => [k, parse(v)]));
}

(globalThis as { fetch?: unknown }).fetch = async (url: string) => {
  const m = /^\/config\/messages\/([a-z]+)\.(core|rest)\.[^.]+\.json$/.exec(String(url));
  if (!m) return { ok: false, status: 404, json: async () => ({}) };
  return { ok: true, status: 200, json: async () => servedMessages(m[1], m[2]) };
};

/* Every section widget and the modals loaded ahead, as the app does before they are drawn, so they render at once. */
beforeAll(async () => {
  const [{ preloadSections }, { modals }] = await Promise.all([
    import('../../src/client/widgets/registry'),
    import('../../src/client/shell/FeedbackHost'),
  ]);
  await Promise.all([preloadSections(), modals.load()]);
});
