/**
 * Every language file has exactly en.json's keys, with non-empty, valid ICU messages using the same
 * arguments and tags. All problems are listed at once (file and key). Logic: src/shared/i18n/check.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../../src/shared/i18n/languages';
import { checkMessages, formatProblems, type LoadedFile } from '../../src/shared/i18n/check';

const dir = path.resolve(__dirname, '../../i18n');

function load(lang: string): LoadedFile {
  const file = path.join(dir, `${lang}.json`);
  if (!fs.existsSync(file)) return { missing: true };
  try {
    return { json: JSON.parse(fs.readFileSync(file, 'utf8')) as unknown };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

test('i18n files are complete and consistent with en.json', () => {
  const files = Object.fromEntries(LANGUAGES.map((lang) => [lang, load(lang)]));
  const problems = checkMessages(files, { base: 'en' });
  const report = formatProblems(problems);
  if (problems.length) {
    throw new Error(`${problems.length} i18n problem(s):\n${report}`);
  }
});
