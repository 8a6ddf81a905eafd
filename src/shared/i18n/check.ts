/**
 * Consistency check of the message files i18n/<lang>.json against the base language (en):
 * - every file exists, is a JSON object, and every value is a string (flat dotted keys);
 * - every key of the base is present, and no file has keys the base lacks;
 * - every value is non-empty and valid ICU MessageFormat;
 * - every message uses the same set of argument names (simple, number, date, time, plural, select
 *   arguments, also nested inside plural/select options and tags) and the same set of tags as the base;
 * - every tag is one the app draws (RICH_TEXT_TAGS): formatting a message with another tag fails, and the
 *   customer sees the raw key.
 * Pure: the caller reads the files (see tests/config/i18n.test.ts); all problems are returned at once.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { icuErrorSentence, type IcuError } from './icuErrors';
import { RICH_TEXT_TAGS } from './richText';

const DRAWN_TAGS = new Set<string>(RICH_TEXT_TAGS);

/** The tags of a message's arguments (`<b>` ...) that the app cannot draw. */
export function undrawnTags(args: Set<string>): string[] {
  return [...args].filter((a) => a.startsWith('<') && !DRAWN_TAGS.has(a.slice(1, -1))).sort();
}

export interface I18nProblem {
  file: string;
  key?: string;
  problem: string;
}

/** A file as loaded by the caller: missing, unreadable/invalid JSON (with the error text), or parsed JSON. */
export type LoadedFile = { missing: true } | { error: string } | { json: unknown };

/** Argument names of a message (`{name}`, `{n, plural, ...}`, nested ones) and tag names as `<b>`. */
export function messageArguments(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]): void => {
    for (const el of elements) {
      switch (el.type) {
        case TYPE.argument: case TYPE.number: case TYPE.date: case TYPE.time:
          names.add(el.value);
          break;
        case TYPE.select: case TYPE.plural:
          names.add(el.value);
          for (const option of Object.values(el.options)) walk(option.value);
          break;
        case TYPE.tag:
          names.add(`<${el.value}>`);
          walk(el.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return names;
}

const sameSet = (a: Set<string>, b: Set<string>): boolean => a.size === b.size && [...a].every((x) => b.has(x));
const show = (s: Set<string>): string => (s.size ? [...s].sort().join(', ') : '(none)');

/**
 * Checks the loaded files. `files` maps language code -> loaded content; `base` (default `en`) must be one
 * of them. `fileName(lang)` names files in problems (default `i18n/<lang>.json`).
 */
export function checkMessages(
  files: Record<string, LoadedFile>,
  options: { base?: string; fileName?: (lang: string) => string } = {},
): I18nProblem[] {
  const base = options.base ?? 'en';
  const fileName = options.fileName ?? ((lang: string) => `i18n/${lang}.json`);
  const problems: I18nProblem[] = [];
  const flat: Record<string, Record<string, string>> = {};

  for (const [lang, loaded] of Object.entries(files)) {
    const file = fileName(lang);
    if ('missing' in loaded) { problems.push({ file, problem: 'file is missing' }); continue; }
    if ('error' in loaded) { problems.push({ file, problem: `not valid JSON: ${loaded.error}` }); continue; }
    const json = loaded.json;
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      problems.push({ file, problem: 'must be a JSON object of flat dotted keys' });
      continue;
    }
    const messages: Record<string, string> = {};
    for (const [key, value] of Object.entries(json)) {
      if (typeof value !== 'string') {
        problems.push({ file, key, problem: `value must be a string, got ${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}` });
      } else {
        messages[key] = value;
      }
    }
    flat[lang] = messages;
  }

  const baseMessages = flat[base];
  if (!(base in files)) problems.push({ file: fileName(base), problem: 'base language file is not in the set' });

  // Base arguments, parsed once; syntax errors are reported per file below.
  const baseArgs: Record<string, Set<string> | null> = {};
  for (const lang of Object.keys(flat)) {
    const file = fileName(lang);
    const messages = flat[lang];
    for (const [key, value] of Object.entries(messages)) {
      if (value.trim() === '') { problems.push({ file, key, problem: 'empty message' }); continue; }
      let args: Set<string>;
      try {
        args = messageArguments(value);
      } catch (err) {
        problems.push({ file, key, problem: icuErrorSentence(err as IcuError, value) });
        if (lang === base) baseArgs[key] = null;
        continue;
      }
      const undrawn = undrawnTags(args);
      if (undrawn.length) {
        problems.push({ file, key, problem: `${undrawn.join(', ')}: not a tag the app draws, so every customer would see the key instead of the text; use ${RICH_TEXT_TAGS.map((t) => `<${t}>`).join(', ')}` });
      }
      if (lang === base) baseArgs[key] = args;
    }
  }

  if (baseMessages) {
    for (const lang of Object.keys(flat)) {
      if (lang === base) continue;
      const file = fileName(lang);
      const messages = flat[lang];
      for (const key of Object.keys(baseMessages)) {
        if (!(key in messages) && !(key in (files[lang] as { json: Record<string, unknown> }).json)) {
          problems.push({ file, key, problem: `missing (present in ${fileName(base)})` });
        }
      }
      for (const [key, value] of Object.entries(messages)) {
        if (!(key in baseMessages)) { problems.push({ file, key, problem: `extra key (not in ${fileName(base)})` }); continue; }
        const expected = baseArgs[key];
        if (!expected || value.trim() === '') continue;
        let args: Set<string>;
        try { args = messageArguments(value); } catch { continue; }
        if (!sameSet(args, expected)) {
          problems.push({ file, key, problem: `arguments {${show(args)}} differ from ${base}'s {${show(expected)}}` });
        }
      }
    }
  }
  // Stable order: files in the order given, then keys (file-level problems first).
  const order = Object.keys(files).map(fileName);
  const rank = (f: string): number => (order.includes(f) ? order.indexOf(f) : -1);
  return problems
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p.file) - rank(b.p.file)
      || (a.p.key ?? '').localeCompare(b.p.key ?? '')
      || a.i - b.i)
    .map(({ p }) => p);
}

/** One line per problem: `i18n/fa.json: error.minLength: arguments ... differ ...`. */
export function formatProblems(problems: I18nProblem[]): string {
  return problems.map((p) => `${p.file}${p.key !== undefined ? `: ${p.key}` : ''}: ${p.problem}`).join('\n');
}
