/**
 * A unified diff (as `diff -u` prints it) of two texts, by lines: the common start and end are set aside
 * and the rest compared by longest common subsequence, which stays small for the edits an operator saves.
 */
const CONTEXT = 3;
/** Beyond this many changed lines on each side the middle is shown as removed then added, not matched. */
const MAX_MATCHED_CELLS = 4_000_000;

type Op = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function middleOps(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_MATCHED_CELLS) {
    return [...a.map((line): Op => ({ kind: '-', line })), ...b.map((line): Op => ({ kind: '+', line }))];
  }
  // lcs[i][j]: the longest common subsequence of a[i..] and b[j..]
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) { ops.push({ kind: ' ', line: a[i] }); i++; j++; }
    else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({ kind: '-', line: a[i++] });
    else ops.push({ kind: '+', line: b[j++] });
  }
  return ops;
}

function lineOps(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const same = (lines: string[]): Op[] => lines.map((line) => ({ kind: ' ', line }));
  return [
    ...same(a.slice(0, start)),
    ...middleOps(a.slice(start, a.length - end), b.slice(start, b.length - end)),
    ...same(a.slice(a.length - end)),
  ];
}

const range = (start: number, count: number): string => (count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`);

/** `--- a/<file>` `+++ b/<file>` and its hunks; '' when the texts are equal. A missing side is /dev/null. */
export function unifiedDiff(file: string, before: string | undefined, after: string | undefined): string {
  if (before === after) return '';
  const ops = lineOps(splitLines(before ?? ''), splitLines(after ?? ''));
  const out = [`--- ${before === undefined ? '/dev/null' : `a/${file}`}`, `+++ ${after === undefined ? '/dev/null' : `b/${file}`}`];
  let k = 0;
  while (k < ops.length) {
    while (k < ops.length && ops[k].kind === ' ') k++;
    if (k === ops.length) break;
    // a hunk: from CONTEXT lines before the change to CONTEXT lines after the last change closer than 2*CONTEXT
    const first = Math.max(0, k - CONTEXT);
    let last = k;
    for (let m = k; m < ops.length; m++) {
      if (ops[m].kind !== ' ') last = m;
      else if (m - last > 2 * CONTEXT) break;
    }
    const stop = Math.min(ops.length, last + CONTEXT + 1);
    let oldStart = 1;
    let newStart = 1;
    for (let m = 0; m < first; m++) { if (ops[m].kind !== '+') oldStart++; if (ops[m].kind !== '-') newStart++; }
    const hunk = ops.slice(first, stop);
    const oldCount = hunk.filter((o) => o.kind !== '+').length;
    const newCount = hunk.filter((o) => o.kind !== '-').length;
    out.push(`@@ -${range(oldStart, oldCount)} +${range(newStart, newCount)} @@`, ...hunk.map((o) => `${o.kind}${o.line}`));
    k = stop;
  }
  return `${out.join('\n')}\n`;
}

/** The files that differ between two versions' texts, sorted. */
export function changedFiles(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => before[f] !== after[f]).sort();
}

/** The unified diff of every changed file. */
export function diffVersions(before: Record<string, string>, after: Record<string, string>): string {
  return changedFiles(before, after).map((f) => unifiedDiff(f, before[f], after[f])).join('');
}
