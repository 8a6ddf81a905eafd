/**
 * Shared fragments of screen files: `{ "$ref": "fragments/contract-position-row.json" }` anywhere in a screen
 * stands for the JSON of that file (a path under `screens/`, in its `fragments/` folder, which holds no
 * route screens), so a part that several screens draw alike (a row template, a list of sections) is written
 * once. A fragment may include others. The lint (which the server runs on every load) resolves them after
 * migrating the screen, so a fragment is written in the current format; a missing file, a cycle or a `$ref`
 * beside other properties is a problem at the `$ref`.
 */

type Json = Record<string, unknown>;
type Path = (string | number)[];

export const FRAGMENTS_FOLDER = 'fragments/';
const FRAGMENT_REF = /^fragments\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.json$/;

/** A fragment file's content; `invalid` when the file is there but unreadable (reported as its own problem). */
export type FragmentFile = { value: unknown } | { missing: true } | { invalid: true };

export interface FragmentUse {
  /** Where the fragment went in the resolved screen. */
  at: Path;
  /** The fragment's file, relative to `screens/`. */
  file: string;
}

export interface ResolvedFragments {
  value: unknown;
  uses: FragmentUse[];
  problems: { at: Path; reason: string }[];
}

/** `value` with every `{ "$ref": … }` replaced by the file it names (`read` gets a path relative to `screens/`). */
export function resolveFragments(value: unknown, read: (file: string) => FragmentFile): ResolvedFragments {
  const out: ResolvedFragments = { value: undefined, uses: [], problems: [] };
  const visit = (node: unknown, at: Path, including: string[]): unknown => {
    if (Array.isArray(node)) return node.map((v, i) => visit(v, [...at, i], including));
    if (!node || typeof node !== 'object') return node;
    const obj = node as Json;
    if (!Object.prototype.hasOwnProperty.call(obj, '$ref')) {
      return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, visit(v, [...at, k], including)]));
    }
    const ref = obj.$ref;
    const problem = (reason: string) => { out.problems.push({ at: [...at, '$ref'], reason }); return node; };
    if (Object.keys(obj).length > 1) return problem('a "$ref" stands alone: move the other properties into the fragment, or write the part out here');
    if (typeof ref !== 'string' || !FRAGMENT_REF.test(ref)) return problem(`must name a file of screens/fragments/, e.g. "fragments/contract-position-row.json"`);
    if (including.includes(ref)) return problem(`screens/${ref} includes itself (${[...including, ref].join(' -> ')})`);
    const file = read(ref);
    if ('missing' in file) return problem(`no file screens/${ref}`);
    if ('invalid' in file) return problem(`screens/${ref} cannot be read (see its own problem)`);
    out.uses.push({ at, file: ref });
    return visit(file.value, at, [...including, ref]);
  };
  out.value = visit(value, [], []);
  return out;
}
