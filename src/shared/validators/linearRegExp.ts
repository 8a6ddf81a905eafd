/**
 * A regular-expression matcher whose time is linear in the text: the pattern (parsed by regexpp with the
 * `u` flag, as ajv builds it) becomes a Thompson NFA that is simulated with a set of states, so `test` costs
 * O(pattern size × text length) whatever the pattern (`^(a|aa)+$` included). It answers what
 * `new RegExp(pattern, 'u').test(text)` answers.
 *
 * Lookaheads and lookbehinds stay linear: each one is run once over the whole text as an unanchored search
 * (a lookahead backwards, a lookbehind forwards), which gives the positions where it holds; the main
 * simulation then only reads that table. Backreferences have no linear-time method and are refused, as are
 * inline flag modifiers; a pattern whose automaton would be too large (`a{100000}`) is refused too.
 */
import { RegExpParser, type AST } from '@eslint-community/regexpp';

/** More states than this and a pattern is refused: the matcher's cost per character grows with it. */
export const MAX_STATES = 20_000;

export class UnsupportedPatternError extends Error {}

type CharTest = (cp: number) => boolean;
type State =
  | { kind: 'char'; test: CharTest; next: number }
  | { kind: 'split'; next: number[] }
  | { kind: 'assert'; holds: (at: number, text: Text) => boolean; next: number }
  | { kind: 'accept' };

interface Text { cps: number[]; lookarounds: Map<Lookaround, Uint8Array> }

/**
 * An automaton read in one direction: backwards for a lookahead's body (it is anchored at its start).
 * `anchored`: every way through starts with `^`, so a match can only start at the text's start.
 */
interface Automaton { states: State[]; start: number; backwards: boolean; anchored: boolean }

interface Lookaround { automaton: Automaton; negate: boolean }

/** `\w` without the `i` flag: [A-Za-z0-9_]. */
const isWord = (cp: number) => (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || cp === 0x5f;
const isWordAt = (cps: number[], i: number) => i >= 0 && i < cps.length && isWord(cps[i]);

/** Answers remembered per class: below U+3000 (the alphabets and punctuation of our languages), 12 KB each. */
const REMEMBERED = 0x3000;
const MAX_REMEMBERED_CLASSES = 1000;
const classTests = new Map<string, CharTest>();
/**
 * One character class, set or escape, decided by the built-in engine on a single code point (no
 * backtracking is possible there).
 */
function charTest(raw: string): CharTest {
  let t = classTests.get(raw);
  if (!t) {
    const rx = new RegExp(`^(?:${raw})$`, 'u');
    const known = new Uint8Array(REMEMBERED); // 0 not asked yet, 1 no, 2 yes
    t = (cp) => {
      if (cp >= REMEMBERED) return rx.test(String.fromCodePoint(cp));
      if (known[cp] === 0) known[cp] = rx.test(String.fromCodePoint(cp)) ? 2 : 1;
      return known[cp] === 2;
    };
    if (classTests.size >= MAX_REMEMBERED_CLASSES) classTests.clear(); // reloads with ever new patterns stay bounded
    classTests.set(raw, t);
  }
  return t;
}

class Builder {
  readonly states: State[] = [];
  readonly lookarounds: Lookaround[] = [];
  constructor(private readonly backwards: boolean) {}

  add(s: State): number {
    if (this.states.length >= MAX_STATES) throw new UnsupportedPatternError(`the pattern is too large to check (more than ${MAX_STATES} states); use smaller repetition counts`);
    this.states.push(s);
    return this.states.length - 1;
  }

  /** Builds `nodes` in sequence so that they end in state `next`; returns the entry state. */
  sequence(nodes: readonly AST.Node[], next: number): number {
    const ordered = this.backwards ? nodes : [...nodes].reverse();
    return ordered.reduce((after, node) => this.node(node, after), next);
  }

  alternatives(alts: readonly AST.Alternative[], next: number): number {
    const entries = alts.map((a) => this.sequence(a.elements, next));
    return entries.length === 1 ? entries[0] : this.add({ kind: 'split', next: entries });
  }

  node(node: AST.Node, next: number): number {
    switch (node.type) {
      case 'Character': {
        const value = node.value;
        return this.add({ kind: 'char', test: (cp) => cp === value, next });
      }
      case 'CharacterSet':
      case 'CharacterClass':
        return this.add({ kind: 'char', test: charTest(node.raw), next });
      case 'Group':
        if (node.modifiers) throw new UnsupportedPatternError(`inline flags ${node.raw.slice(0, node.raw.indexOf(':') + 1)} are not supported`);
        return this.alternatives(node.alternatives, next);
      case 'CapturingGroup':
        return this.alternatives(node.alternatives, next);
      case 'Quantifier':
        return this.quantifier(node, next);
      case 'Assertion':
        return this.assertion(node, next);
      case 'Backreference':
        throw new UnsupportedPatternError(`the backreference ${node.raw} is not supported (it cannot be matched in linear time)`);
      default:
        throw new UnsupportedPatternError(`${node.raw} is not supported`);
    }
  }

  private quantifier(q: AST.Quantifier, next: number): number {
    let entry = next;
    if (q.max === Infinity) {
      const loop = this.add({ kind: 'split', next: [] });
      const body = this.node(q.element, loop);
      (this.states[loop] as { next: number[] }).next = [body, next];
      entry = loop;
    } else {
      for (let i = q.min; i < q.max; i++) {
        const body = this.node(q.element, entry);
        entry = this.add({ kind: 'split', next: [body, next] });
      }
    }
    for (let i = 0; i < q.min; i++) entry = this.node(q.element, entry);
    return entry;
  }

  private assertion(a: AST.Assertion, next: number): number {
    switch (a.kind) {
      case 'start': return this.add({ kind: 'assert', holds: (at) => at === 0, next });
      case 'end': return this.add({ kind: 'assert', holds: (at, t) => at === t.cps.length, next });
      case 'word': {
        const negate = a.negate;
        return this.add({ kind: 'assert', holds: (at, t) => (isWordAt(t.cps, at - 1) !== isWordAt(t.cps, at)) !== negate, next });
      }
      default: {
        const inner = new Builder(a.kind === 'lookahead');
        const accept = inner.add({ kind: 'accept' });
        const start = inner.alternatives(a.alternatives, accept);
        const look: Lookaround = { automaton: { states: inner.states, start, backwards: a.kind === 'lookahead', anchored: false }, negate: a.negate };
        this.lookarounds.push(...inner.lookarounds, look);
        return this.add({ kind: 'assert', holds: (at, t) => (t.lookarounds.get(look)![at] === 1) !== look.negate, next });
      }
    }
  }
}

/** Runs the automaton as an unanchored search; `onAccept(position)` returns true to stop. Counts state visits. */
function simulate(a: Automaton, text: Text, onAccept: (at: number) => boolean, counter: { steps: number }): void {
  const { states, start, backwards, anchored } = a;
  const n = text.cps.length;
  const seen = new Int32Array(states.length).fill(-1);
  const stack = new Int32Array(states.length);
  const current = new Int32Array(states.length);
  let currentLength = 0;
  const next = new Int32Array(states.length);
  let nextLength = 0;
  let generation = 0;
  /** Follows the empty moves from `from` at `at`, collecting the states that read a character into `next`. */
  const close = (from: number, at: number): boolean => {
    if (seen[from] === generation) return false;
    seen[from] = generation;
    let top = 0;
    stack[top++] = from;
    while (top > 0) {
      const id = stack[--top];
      const s = states[id];
      counter.steps++;
      if (s.kind === 'char') next[nextLength++] = id;
      else if (s.kind === 'accept') { if (onAccept(at)) return true; }
      else if (s.kind === 'split') {
        for (let i = s.next.length - 1; i >= 0; i--) if (seen[s.next[i]] !== generation) { seen[s.next[i]] = generation; stack[top++] = s.next[i]; }
      } else if (s.holds(at, text) && seen[s.next] !== generation) { seen[s.next] = generation; stack[top++] = s.next; }
    }
    return false;
  };
  for (let k = 0; k <= n; k++) {
    const at = backwards ? n - k : k;
    nextLength = 0;
    for (let i = 0; i < currentLength; i++) if (close(current[i], at)) return;
    if ((k === 0 || !anchored) && close(start, at)) return;
    if (k === n || (anchored && nextLength === 0)) return;
    const cp = text.cps[backwards ? at - 1 : at];
    currentLength = 0;
    generation++;
    for (let i = 0; i < nextLength; i++) {
      counter.steps++;
      const s = states[next[i]] as Extract<State, { kind: 'char' }>;
      if (s.test(cp)) current[currentLength++] = s.next;
    }
  }
}

export interface LinearRegExp {
  readonly source: string;
  readonly flags: string;
  test(text: string): boolean;
  /** `test` that also tells how many automaton steps it took (for tests of the linear bound). */
  testCounting(text: string): { matched: boolean; steps: number };
  toString(): string;
}

const parser = new RegExpParser({ ecmaVersion: 2025 });

/** Compiles `pattern` as `new RegExp(pattern, 'u')` would; throws SyntaxError or UnsupportedPatternError. */
export function linearRegExp(pattern: string, flags = 'u'): LinearRegExp {
  if (flags !== 'u') throw new UnsupportedPatternError(`flags "${flags}" are not supported (only "u", as JSON Schema patterns use)`);
  new RegExp(pattern, flags); // the built-in engine's syntax errors, word for word
  const ast = parser.parsePattern(pattern, 0, pattern.length, { unicode: true });
  const builder = new Builder(false);
  const accept = builder.add({ kind: 'accept' });
  const anchored = ast.alternatives.every((alt) => alt.elements[0]?.type === 'Assertion' && alt.elements[0].kind === 'start');
  const main: Automaton = { states: builder.states, start: builder.alternatives(ast.alternatives, accept), backwards: false, anchored };
  const lookarounds = builder.lookarounds;

  const testCounting = (input: string) => {
    const cps: number[] = [];
    for (let i = 0; i < input.length; i++) {
      const cp = input.codePointAt(i)!;
      cps.push(cp);
      if (cp > 0xffff) i++;
    }
    const text: Text = { cps, lookarounds: new Map() };
    const counter = { steps: 0 };
    for (const look of lookarounds) { // inner lookarounds come first: a body's table is ready when read
      const holds = new Uint8Array(cps.length + 1);
      simulate(look.automaton, text, (at) => { holds[at] = 1; return false; }, counter);
      text.lookarounds.set(look, holds);
    }
    let matched = false;
    simulate(main, text, () => (matched = true), counter);
    return { matched, steps: counter.steps };
  };
  return {
    source: pattern,
    flags,
    test: (input) => testCounting(input).matched,
    testCounting,
    toString: () => `/${pattern}/${flags}`,
  };
}

/** Why `pattern` cannot be matched in linear time (it is refused), or undefined when it can. Syntax errors are ajv's to report. */
export function linearPatternProblem(pattern: string): string | undefined {
  try {
    linearRegExp(pattern);
    return undefined;
  } catch (err) {
    return err instanceof UnsupportedPatternError ? err.message : undefined;
  }
}
