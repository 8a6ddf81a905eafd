/**
 * Helpers shared by the bench modules: medians, number formatting, verdicts and aligned tables.
 * The machine running the bench is shared and noisy, so speeds are printed beside a baseline of the same
 * run and as a ratio to it (`ratio`, `percent`).
 */
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

export const median = (xs: number[]): number => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

export const kb = (bytes: number): string => (bytes / 1024).toFixed(1);
export const mb = (kB: number): string => (kB / 1024).toFixed(0);
export const ms = (x: number): string => (Number.isFinite(x) ? String(Math.round(x)) : '-');
/** `x` over its baseline, e.g. `3.2x`. */
export const ratio = (x: number, baseline: number): string => (baseline > 0 && Number.isFinite(x) ? `${(x / baseline).toFixed(1)}x` : '-');
/** `x` as a share of its baseline, e.g. `41%`. */
export const percent = (x: number, baseline: number): string => (baseline > 0 && Number.isFinite(x) ? `${((x / baseline) * 100).toFixed(0)}%` : '-');

/** CLS as Chromium counts it: shifts without recent input, in session windows (gap < 1 s, span <= 5 s); the largest. */
export function clsOf(shifts: Array<{ startTime: number; value: number }>): number {
  let best = 0;
  let sum = 0;
  let first = -Infinity;
  let last = -Infinity;
  for (const s of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (s.startTime - last >= 1000 || s.startTime - first > 5000) { sum = 0; first = s.startTime; }
    sum += s.value;
    last = s.startTime;
    best = Math.max(best, sum);
  }
  return best;
}

/** `met` or `MISSED`, after the target's text. */
export const verdict = (met: boolean): string => (met ? 'met' : 'MISSED');

export const sleep = (msToWait: number): Promise<void> => new Promise((r) => setTimeout(r, msToWait));

/** A section title and the lines explaining it. */
export function heading(title: string, ...explanation: string[]): void {
  console.log(`\n== ${title}`);
  for (const line of explanation) console.log(`   ${line}`);
  console.log('');
}

/**
 * Prints rows as aligned columns: the first column left-aligned, the others right-aligned, except the last
 * (a free-text note) when `note` is set.
 */
export function table(header: string[], rows: string[][], opts: { note?: boolean } = {}): void {
  const all = [header, ...rows];
  const cols = Math.max(...all.map((r) => r.length));
  const widths = Array.from({ length: cols }, (_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((cell, i) => {
    const text = cell ?? '';
    if (opts.note && i === cols - 1) return text;
    return i === 0 ? text.padEnd(widths[i]) : text.padStart(widths[i]);
  }).join('  ').trimEnd();
  console.log(`  ${line(header)}`);
  for (const r of rows) console.log(`  ${line(r)}`);
}

/** An error's message for a "not measured" line. */
export const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0];

export { freePort } from '../tests/e2e/support/server';
