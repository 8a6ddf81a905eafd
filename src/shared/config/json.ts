/** JSON of the configuration files: parse errors located by line and column, JSON paths for problems. */

export interface Problem { file: string; path: string; reason: string }

export function formatProblem(p: Problem): string {
  return `${p.file}: ${p.path}: ${p.reason}`;
}

/** `/sections/0/source` or `['sections', 0, 'source']` -> `$.sections[0].source` */
export function jsonPath(pointer: string | (string | number)[]): string {
  const parts = Array.isArray(pointer) ? pointer.map(String)
    : pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `${acc}.${p}` : `${acc}[${JSON.stringify(p)}]`), '$');
}

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1].length + 1 };
}

/** Parses a file's text; a syntax error becomes a problem at `line:column` (V8 reports a position). */
export function parseJson(file: string, text: string): { value: unknown } | { problem: Problem } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (err) {
    const message = (err as Error).message;
    const pos = /at position (\d+)/.exec(message);
    const lc = /\(line (\d+) column (\d+)\)/.exec(message);
    const at = lc ? { line: Number(lc[1]), column: Number(lc[2]) } : lineColumn(text, pos ? Number(pos[1]) : errorOffset(text));
    const reason = message.replace(/, ".*" is not valid JSON$/s, '')
      .replace(/\s*(in JSON )?at position \d+(?:\D.*)?$/, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    return { problem: { file, path: `${at.line}:${at.column}`, reason: `invalid JSON: ${reason}` } };
  }
}

/**
 * Where a JSON text stops being valid (V8 names no position for some errors, such as an unexpected
 * token): a small recursive scan that only finds the offset.
 */
export function errorOffset(text: string): number {
  let i = 0;
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++; };
  const fail = (): never => { throw i; };
  const literal = (word: string) => { if (text.startsWith(word, i)) i += word.length; else fail(); };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      else if (text.charCodeAt(i) < 0x20) fail();
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail(); else i += m[0].length;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++; ws();
      if (text[i] === '}') { i++; return; }
      for (;;) {
        ws(); if (text[i] !== '"') fail(); string(); ws();
        if (text[i] !== ':') fail(); i++; value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return; }
        fail();
      }
    } else if (c === '[') {
      i++; ws();
      if (text[i] === ']') { i++; return; }
      for (;;) {
        value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return; }
        fail();
      }
    } else if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else number();
  };
  try {
    value(); ws();
    return i < text.length ? i : text.length;
  } catch (at) {
    return typeof at === 'number' ? at : 0;
  }
}
