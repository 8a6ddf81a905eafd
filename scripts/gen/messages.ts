/**
 * Compiles i18n/<lang>.json (flat keys, ICU MessageFormat) to ICU ASTs with the formatjs CLI
 * (`formatjs compile --ast --format simple`) into src/generated/messages/<lang>.core.json and
 * <lang>.rest.json (shared/i18n/catalogues), which the app loads on demand (react-intl then needs no
 * runtime parser).
 * A key missing from a translation falls back to the English text, so a partly translated language still
 * shows every text; the i18n lint test reports the gaps. An invalid ICU message fails the build.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { messagePart } from '../../src/shared/i18n/catalogues';
import { LANGUAGES, type Language } from '../../src/shared/i18n/languages';

const run = promisify(execFile);
const root = path.resolve(__dirname, '..', '..');

export interface GenerateMessagesOptions {
  srcDir?: string;
  outDir?: string;
  languages?: readonly Language[];
  log?: (line: string) => void;
}

function readMessages(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`${file}: expected an object of messages`);
  for (const [k, v] of Object.entries(data)) {
    if (typeof v !== 'string') throw new Error(`${file}: ${k} must be a string`);
  }
  return data as Record<string, string>;
}

function formatjsBin(): string {
  const pkg = require.resolve('@formatjs/cli/package.json', { paths: [root] });
  return path.join(path.dirname(pkg), 'bin', 'formatjs');
}

export async function generateMessages(opts: GenerateMessagesOptions = {}): Promise<void> {
  const srcDir = opts.srcDir ?? path.join(root, 'i18n');
  const outDir = opts.outDir ?? path.join(root, 'src', 'generated', 'messages');
  const languages = opts.languages ?? LANGUAGES;
  const log = opts.log ?? ((line: string) => console.log(line));
  fs.mkdirSync(outDir, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'messages-'));
  const bin = formatjsBin();
  try {
    const en = readMessages(path.join(srcDir, 'en.json'));
    const gaps: string[] = [];
    await Promise.all(languages.map(async (lang) => {
      const own = lang === 'en' ? en : readMessages(path.join(srcDir, `${lang}.json`));
      const merged: Record<string, string> = { ...en, ...own };
      const missing = Object.keys(en).filter((k) => !(k in own)).length;
      const input = path.join(tmp, `${lang}.json`);
      fs.writeFileSync(input, JSON.stringify(merged));
      const compiled = path.join(tmp, `${lang}.ast.json`);
      try {
        await run(process.execPath, [bin, 'compile', input, '--ast', '--format', 'simple', '--out-file', compiled]);
      } catch (err) {
        const e = err as { stderr?: string; message: string };
        throw new Error(`i18n/${lang}.json does not compile: ${e.stderr || e.message}`);
      }
      const ast = JSON.parse(fs.readFileSync(compiled, 'utf8')) as Record<string, unknown>;
      for (const part of ['core', 'rest'] as const) {
        const entries = Object.entries(ast).filter(([key]) => messagePart(key) === part);
        // Rewrite only on change, so a watching bundler does not rebuild for nothing.
        const out = path.join(outDir, `${lang}.${part}.json`);
        const next = JSON.stringify(Object.fromEntries(entries));
        if (!fs.existsSync(out) || fs.readFileSync(out, 'utf8') !== next) fs.writeFileSync(out, next);
      }
      fs.rmSync(path.join(outDir, `${lang}.json`), { force: true }); // the single file of earlier builds
      if (missing) gaps.push(`${lang} ${missing}`);
    }));
    log(`messages: compiled ${languages.length} language(s) to ${path.relative(root, outDir)}`
      + (gaps.length ? ` (untranslated keys shown in English: ${gaps.sort().join(', ')})` : ''));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  generateMessages().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
