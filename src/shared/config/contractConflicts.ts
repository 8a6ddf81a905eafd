/**
 * A form's rule that the contract contradicts: no value could pass both the form's field schema and the
 * endpoint's request schema for that field (disjoint types, ranges or lengths, enum values the contract
 * refuses). A form may only narrow what the contract allows. Patterns are not compared.
 */
import type { JsonSchema } from '../contract';

const types = (s: JsonSchema): string[] | undefined => {
  const t = s.type;
  if (typeof t === 'string') return [t];
  return Array.isArray(t) ? t.map(String) : undefined;
};

/** Payloads are form-encoded and both sides coerce, so scalar types meet; only structure can clash. */
const kind = (t: string): string => (t === 'object' || t === 'array' ? t : 'scalar');

function typesMeet(form: string[], contract: string[]): boolean {
  return form.some((f) => contract.some((c) => kind(c) === kind(f)));
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** Reasons why `form` contradicts `contract` (both schemas of one field); empty when they can agree. */
export function contractConflicts(form: JsonSchema, contract: JsonSchema): string[] {
  const out: string[] = [];
  const ft = types(form);
  const ct = types(contract);
  if (ft && ct && !typesMeet(ft, ct)) out.push(`type ${ft.join('|')} contradicts the contract's ${ct.join('|')}`);
  const pairs: [string, string, (a: number, b: number) => boolean][] = [
    ['minLength', 'maxLength', (fmin, cmax) => fmin > cmax],
    ['maxLength', 'minLength', (fmax, cmin) => fmax < cmin],
    ['minimum', 'maximum', (fmin, cmax) => fmin > cmax],
    ['maximum', 'minimum', (fmax, cmin) => fmax < cmin],
  ];
  for (const [fk, ck, clash] of pairs) {
    const a = num(form[fk]);
    const b = num(contract[ck]);
    if (a !== undefined && b !== undefined && clash(a, b)) out.push(`${fk} ${a} contradicts the contract's ${ck} ${b}`);
  }
  const allowed = Array.isArray(contract.enum) ? contract.enum : 'const' in contract && !isData(contract.const) ? [contract.const] : undefined;
  const offered = Array.isArray(form.enum) ? form.enum : 'const' in form && !isData(form.const) ? [form.const] : undefined;
  if (allowed && offered) {
    const refused = offered.filter((v) => !allowed.some((a) => String(a) === String(v)));
    if (refused.length) out.push(`the contract refuses ${refused.map((v) => JSON.stringify(v)).join(', ')} (it allows ${allowed.map((v) => JSON.stringify(v)).join(', ')})`);
  }
  return out;
}

function isData(v: unknown): boolean {
  return !!v && typeof v === 'object' && '$data' in v;
}
