/**
 * A tiny, safe expression language for screen conditions and bindings (DivKit-style: parsed and
 * interpreted, never compiled), so screens run under a Content-Security-Policy without `unsafe-eval`.
 *
 *   literals   1  -2.5  'text'  "text"  true  false  null
 *   paths      user.nickname  data.list.0.title   (own properties only; __proto__ & co. are refused)
 *   operators  !  &&  ||  ==  !=  <  <=  >  >=  ( )  cond ? a : b
 *   pipes      (bindings only) value | pipe | pipe:arg:arg
 *
 * There are no function calls, assignments, member calls or computed property access.
 */
import { D, type Decimal } from '../format/decimal';

export type Node =
  | { kind: 'lit'; value: unknown; /** A number literal's source text, compared exactly. */ exact?: string }
  | { kind: 'path'; parts: string[] }
  | { kind: 'not'; arg: Node }
  | { kind: 'bin'; op: BinOp; left: Node; right: Node }
  | { kind: 'cond'; test: Node; then: Node; else: Node };

type BinOp = '&&' | '||' | '==' | '!=' | '<' | '<=' | '>' | '>=';

export interface Pipe { name: string; args: Node[] }
export interface BindingAst { expr: Node; pipes: Pipe[] }

type Token =
  | { t: 'num'; v: number; text: string }
  | { t: 'str'; v: string }
  | { t: 'id'; v: string }
  | { t: 'op'; v: string }
  | { t: 'eof' };

export class ExpressionError extends Error {
  constructor(message: string, readonly source: string) {
    super(`${message} in expression "${source.length > 80 ? `${source.slice(0, 80)}…` : source}"`);
    this.name = 'ExpressionError';
  }
}

export const MAX_EXPRESSION_LENGTH = 500;
const MAX_DEPTH = 32;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor', '__defineGetter__', '__defineSetter__',
  '__lookupGetter__', '__lookupSetter__']);
const OPERATORS = ['&&', '||', '==', '!=', '<=', '>=', '<', '>', '!', '(', ')', '?', ':', '|'];

export function tokenize(src: string): Token[] {
  if (src.length > MAX_EXPRESSION_LENGTH) throw new ExpressionError('too long', src);
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') { i++; continue; }
    const prev = out[out.length - 1];
    const negative = c === '-' && /\d/.test(src[i + 1] ?? '') && (!prev || (prev.t === 'op' && prev.v !== ')'));
    if ((c >= '0' && c <= '9') || negative) {
      const m = /^-?\d+(\.\d+)?/.exec(src.slice(i));
      out.push({ t: 'num', v: Number(m![0]), text: m![0] });
      i += m![0].length;
      continue;
    }
    if (c === '\'' || c === '"') {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) { s += src[j + 1]; j += 2; continue; }
        s += src[j++];
      }
      if (j >= src.length) throw new ExpressionError('unterminated string', src);
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      // identifier or dotted path: user.nickname, data.list.0.title
      const m = /^[A-Za-z_$][\w$]*(\.[\w$]+)*/.exec(src.slice(i));
      out.push({ t: 'id', v: m![0] });
      i += m![0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      if (op === '|' && src[i + 1] === '|') { out.push({ t: 'op', v: '||' }); i += 2; continue; }
      out.push({ t: 'op', v: op });
      i += op.length;
      continue;
    }
    throw new ExpressionError(`unexpected character "${c}"`, src);
  }
  out.push({ t: 'eof' });
  return out;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[], private readonly src: string) {}

  private peek(): Token { return this.tokens[this.pos]; }
  private next(): Token { return this.tokens[this.pos++]; }
  private isOp(v: string): boolean { const t = this.peek(); return t.t === 'op' && t.v === v; }
  private expectOp(v: string): void {
    if (!this.isOp(v)) throw new ExpressionError(`expected "${v}"`, this.src);
    this.pos++;
  }
  private enter(): void { if (++this.depth > MAX_DEPTH) throw new ExpressionError('nested too deeply', this.src); }

  atEnd(): boolean { return this.peek().t === 'eof'; }

  expression(): Node {
    this.enter();
    const test = this.or();
    let node = test;
    if (this.isOp('?')) {
      this.pos++;
      const then = this.expression();
      this.expectOp(':');
      const otherwise = this.expression();
      node = { kind: 'cond', test, then, else: otherwise };
    }
    this.depth--;
    return node;
  }

  private binary(ops: BinOp[], sub: () => Node): Node {
    let left = sub();
    for (;;) {
      const t = this.peek();
      if (t.t === 'op' && (ops as string[]).includes(t.v)) {
        this.pos++;
        left = { kind: 'bin', op: t.v as BinOp, left, right: sub() };
      } else return left;
    }
  }

  private or = (): Node => this.binary(['||'], this.and);
  private and = (): Node => this.binary(['&&'], this.equality);
  private equality = (): Node => this.binary(['==', '!='], this.comparison);
  private comparison = (): Node => this.binary(['<', '<=', '>', '>='], this.unary);

  private unary = (): Node => {
    if (this.isOp('!')) {
      this.pos++;
      this.enter();
      const arg = this.unary();
      this.depth--;
      return { kind: 'not', arg };
    }
    return this.primary();
  };

  primary(): Node {
    const t = this.next();
    switch (t.t) {
      case 'num': return { kind: 'lit', value: t.v, exact: t.text };
      case 'str': return { kind: 'lit', value: t.v };
      case 'id': {
        if (t.v === 'true') return { kind: 'lit', value: true };
        if (t.v === 'false') return { kind: 'lit', value: false };
        if (t.v === 'null') return { kind: 'lit', value: null };
        const parts = t.v.split('.');
        const bad = parts.find((p) => FORBIDDEN.has(p));
        if (bad) throw new ExpressionError(`forbidden property "${bad}"`, this.src);
        return { kind: 'path', parts };
      }
      case 'op':
        if (t.v === '(') {
          const inner = this.expression();
          this.expectOp(')');
          return inner;
        }
        throw new ExpressionError(`unexpected "${t.v}"`, this.src);
      default:
        throw new ExpressionError('unexpected end', this.src);
    }
  }

  pipes(): Pipe[] {
    const pipes: Pipe[] = [];
    while (this.isOp('|')) {
      this.pos++;
      const name = this.next();
      if (name.t !== 'id' || name.v.includes('.')) throw new ExpressionError('expected a pipe name', this.src);
      const args: Node[] = [];
      while (this.isOp(':')) { this.pos++; args.push(this.primary()); }
      pipes.push({ name: name.v, args });
    }
    return pipes;
  }
}

const cache = new Map<string, Node>();
const bindingCache = new Map<string, BindingAst>();

export function parseExpression(src: string): Node {
  const hit = cache.get(src);
  if (hit) return hit;
  const p = new Parser(tokenize(src), src);
  const node = p.expression();
  if (!p.atEnd()) throw new ExpressionError('unexpected input after the expression', src);
  if (cache.size > 2000) cache.clear();
  cache.set(src, node);
  return node;
}

/** Parses the inside of a `{{ … }}` binding: an expression followed by pipes. */
export function parseBinding(src: string): BindingAst {
  const hit = bindingCache.get(src);
  if (hit) return hit;
  const p = new Parser(tokenize(src), src);
  const expr = p.expression();
  const pipes = p.pipes();
  if (!p.atEnd()) throw new ExpressionError('unexpected input after the binding', src);
  const ast = { expr, pipes };
  if (bindingCache.size > 2000) bindingCache.clear();
  bindingCache.set(src, ast);
  return ast;
}

const hasOwn = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** Reads a dotted path over plain data, own properties only. */
export function readPath(root: unknown, parts: readonly string[]): unknown {
  let cur: unknown = root;
  for (const part of parts) {
    if (FORBIDDEN.has(part)) return undefined;
    if (cur === null || cur === undefined) return undefined;
    if (typeof cur === 'string' && part === 'length') { cur = cur.length; continue; }
    if (typeof cur !== 'object') return undefined;
    if (Array.isArray(cur) && part === 'length') { cur = cur.length; continue; }
    if (!hasOwn(cur as object, part)) return undefined;
    cur = (cur as Record<string, unknown>)[part];
    if (typeof cur === 'function') return undefined;
  }
  return cur;
}

export function readDotted(root: unknown, path: string | undefined): unknown {
  if (!path) return root;
  return readPath(root, path.split('.'));
}

/**
 * Numbers and numeric strings compare as exact decimals (decimal strings from the API are money: never
 * floats), else strings compare as strings.
 */
function compare(a: unknown, b: unknown): number | null {
  const num = (v: unknown): Decimal | null => {
    if (typeof v === 'number' && Number.isFinite(v)) return new D(v);
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return new D(v.trim());
    return null;
  };
  const x = num(a);
  const y = num(b);
  if (x !== null && y !== null) return x.cmp(y);
  if (typeof a === 'string' && typeof b === 'string') return a === b ? 0 : a < b ? -1 : 1;
  return null;
}

function looseEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  const c = compare(a, b);
  if (c !== null) return c === 0;
  if (typeof a === 'boolean' || typeof b === 'boolean') return String(a) === String(b);
  return false;
}

export function truthy(v: unknown): boolean {
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'string') return v !== '' && v !== '0';
  return Boolean(v);
}

/** A comparison's side: a number literal as its source text, so `0.30000000000000001` is not `0.3`. */
function operand(node: Node, scope: Record<string, unknown>): unknown {
  return node.kind === 'lit' && node.exact !== undefined ? node.exact : evaluate(node, scope);
}

export function evaluate(node: Node, scope: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'lit': return node.value;
    case 'path': return readPath(scope, node.parts);
    case 'not': return !truthy(evaluate(node.arg, scope));
    case 'cond': return truthy(evaluate(node.test, scope)) ? evaluate(node.then, scope) : evaluate(node.else, scope);
    case 'bin': {
      if (node.op === '&&') { const l = evaluate(node.left, scope); return truthy(l) ? evaluate(node.right, scope) : l; }
      if (node.op === '||') { const l = evaluate(node.left, scope); return truthy(l) ? l : evaluate(node.right, scope); }
      const l = operand(node.left, scope);
      const r = operand(node.right, scope);
      if (node.op === '==') return looseEqual(l, r);
      if (node.op === '!=') return !looseEqual(l, r);
      const c = compare(l, r);
      if (c === null) return false;
      if (node.op === '<') return c < 0;
      if (node.op === '<=') return c <= 0;
      if (node.op === '>') return c > 0;
      return c >= 0;
    }
    default: return undefined;
  }
}

/** Evaluates a condition; an invalid expression counts as false (and is reported by the config lint). */
export function test(src: string | undefined, scope: Record<string, unknown>): boolean {
  if (src === undefined || src === '') return true;
  try {
    return truthy(evaluate(parseExpression(src), scope));
  } catch {
    return false;
  }
}

/**
 * Whether a condition holds, judged on `known` alone: undefined when it reads a root that `known` lacks (or
 * cannot be parsed), so only what is certain is decided (a visitor's `user` is null before any data arrives).
 */
export function testKnown(src: string, known: Record<string, unknown>): boolean | undefined {
  let node: Node;
  try {
    node = parseExpression(src);
  } catch {
    return undefined;
  }
  if (!pathsOf(node).every(([root]) => Object.prototype.hasOwnProperty.call(known, root))) return undefined;
  return truthy(evaluate(node, known));
}

/** Every path an expression reads (for the config lint: roots must be scope names). */
export function pathsOf(node: Node, out: string[][] = []): string[][] {
  switch (node.kind) {
    case 'path': out.push(node.parts); break;
    case 'not': pathsOf(node.arg, out); break;
    case 'bin': pathsOf(node.left, out); pathsOf(node.right, out); break;
    case 'cond': pathsOf(node.test, out); pathsOf(node.then, out); pathsOf(node.else, out); break;
    default: break;
  }
  return out;
}

/** The names a binding or condition may start with. */
/** What bindings and conditions read; `form` (the values being typed) exists in form files only. */
export const SCOPE_ROOTS = ['params', 'query', 'user', 'config', 'data', 'item', 'form'] as const;
