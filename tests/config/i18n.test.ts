/**
 * The message files of the repository (those screens/app.json offers, and any other present): every language file has exactly en.json's keys, with non-empty, valid
 * ICU messages using the same arguments and tags (src/shared/i18n/check.ts); every key that screens, forms
 * and code use exists and every key is used (src/shared/i18n/usage.ts); the texts of form fields and the
 * endpoints' validation messages use only the arguments the runtime gives them (scripts/i18n.ts). All
 * problems are listed at once (file and key), as `npm run i18n -- check` prints them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { checkMessages, formatProblems, type LoadedFile } from '../../src/shared/i18n/check';
import { messageKeyUsage } from '../../src/shared/i18n/usage';
import { fieldArgumentProblems, offeredLanguages, readUsageInput, usageProblems } from '../../scripts/i18n';

const root = path.resolve(__dirname, '../..');
const dir = path.join(root, 'i18n');

function load(lang: string): LoadedFile {
  const file = path.join(dir, `${lang}.json`);
  if (!fs.existsSync(file)) return { missing: true };
  try {
    return { json: JSON.parse(fs.readFileSync(file, 'utf8')) as unknown };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

const en = JSON.parse(fs.readFileSync(path.join(dir, 'en.json'), 'utf8')) as Record<string, string>;
const { input, problems: unreadable } = readUsageInput(root);

test('i18n files are complete and consistent with en.json', () => {
  const present = fs.readdirSync(dir).filter((f) => /^[a-z]{2,8}\.json$/.test(f)).map((f) => f.slice(0, -5));
  const languages = [...new Set(['en', ...offeredLanguages(root).map((l) => l.code), ...present])];
  const files = Object.fromEntries(languages.map((lang) => [lang, load(lang)]));
  const problems = checkMessages(files, { base: 'en' });
  const report = formatProblems(problems);
  if (problems.length) {
    throw new Error(`${problems.length} i18n problem(s):\n${report}`);
  }
});

test('every message key used exists, and every message key is used', () => {
  const problems = [...unreadable, ...usageProblems(messageKeyUsage(input, en))];
  if (problems.length) throw new Error(`${problems.length} problem(s) of key usage:\n${formatProblems(problems)}`);
});

test('texts of form fields and validation messages use only the arguments they are given', () => {
  const problems = fieldArgumentProblems(input.forms, en);
  if (problems.length) throw new Error(`${problems.length} text(s) would miss an argument:\n${formatProblems(problems)}`);
});
