/**
 * Screen file migrations (as Grafana does for dashboards): an operator's file written for an older
 * `schemaVersion` is upgraded step by step to the current one when it is loaded (by the lint, which the
 * server and `npm run lint:config` run), so it never silently breaks. A file without `schemaVersion` is
 * version 0 (the pre-release draft, where sections were called `blocks` and list items `row`).
 *
 * Each step from version n runs the screen's own migration `SCREEN_MIGRATIONS[n]` (if any), then the
 * migration `n` of each section type on every section of that type (src/shared/sections/<type>/, nested
 * sections included), and the file is then version n + 1.
 *
 * To change the format: bump CURRENT_SCHEMA_VERSION, add the step from the old version (here for the
 * screen's own properties, in the section's folder for its options), change the schema, write the files of
 * `screens/` at the new version and add a test.
 */
import { SECTIONS } from '../sections';
import type { SectionDefinition, SectionJson } from '../sections/section';

export const CURRENT_SCHEMA_VERSION = 3;

type Json = Record<string, unknown>;
export type ScreenMigration = (screen: Json) => Json;

/** `blocks` (version 0) or `sections`, of a screen or a tab. */
function renameBlocks({ blocks, ...rest }: Json): Json {
  const sections = rest.sections ?? blocks;
  return sections === undefined ? rest : { ...rest, sections };
}

export const SCREEN_MIGRATIONS: Readonly<Record<number, ScreenMigration>> = {
  /** 0 -> 1: `blocks` became `sections`, in tabs too. */
  0: (screen) => {
    const renameTabs = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(renameTabs);
      if (!value || typeof value !== 'object') return value;
      const out: Json = {};
      for (const [k, v] of Object.entries(value)) {
        out[k] = k === 'tabs' && Array.isArray(v) ? v.map((tab: Json) => renameTabs(renameBlocks(tab))) : renameTabs(v);
      }
      return out;
    };
    return renameTabs({ ...renameBlocks(screen), sections: screen.sections ?? screen.blocks ?? [] }) as Json;
  },
  /**
   * 1 -> 2: `requires: { query: [names], to }` became `redirect: { when, to }`, a condition over the query and
   * the user. A file with both keeps `requires`, which the meta-schema then reports.
   */
  1: ({ requires, ...screen }) => {
    const old = requires as { query?: unknown; to?: unknown } | undefined;
    if (old === undefined) return screen;
    const names = Array.isArray(old.query) ? old.query.map(String) : [];
    if (screen.redirect !== undefined || !names.length || typeof old.to !== 'string') return { ...screen, requires };
    return { ...screen, redirect: { when: names.map((name) => `!query.${name}`).join(' || '), to: old.to } };
  },
};

export class MigrationError extends Error {}

/** `value` with `step` applied to every section of `type` in a `sections` list, nested ones (tabs, scopes) included. */
function mapSections(value: unknown, type: string, step: (section: SectionJson) => SectionJson): unknown {
  if (Array.isArray(value)) return value.map((v) => mapSections(v, type, step));
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === 'sections' && Array.isArray(v)
      ? v.map((section) => {
        const inner = mapSections(section, type, step) as Json;
        return inner && inner.type === type ? step(inner as SectionJson) : inner;
      })
      : mapSections(v, type, step);
  }
  return out;
}

/** A versioned file format: its current version, the version of a file that names none, and the steps. */
export interface FileFormat {
  /** What a file is, for messages ("a screen must be a JSON object"). */
  kind: string;
  version: number;
  unversioned: number;
  /** The file's own steps, by the version they start from. */
  steps: Readonly<Record<number, ScreenMigration>>;
  /** Section types whose steps run on every section of their type. */
  sections: readonly Pick<SectionDefinition, 'type' | 'migrations'>[];
}

export const SCREEN_FORMAT: FileFormat = { kind: 'screen', version: CURRENT_SCHEMA_VERSION, unversioned: 0, steps: SCREEN_MIGRATIONS, sections: SECTIONS };

/**
 * Form files (`schemas/<name>.json`) are versioned the same way: `schemaVersion` (absent: 1, the format
 * before it was versioned), upgraded step by step when read.
 */
export const CURRENT_FORM_VERSION = 2;

export const FORM_MIGRATIONS: Readonly<Record<number, ScreenMigration>> = {
  /**
   * 1 -> 2: the form's own `gates` and `figures` became sections of the screen format, in the form's
   * `sections`: first the gates (`if` became `visibleIf`; the first that holds is shown instead of the form),
   * then the figures lists in their order (`after` still places one after a field). A file that has
   * `sections` already keeps `gates` and `figures`, which the form schema then reports.
   */
  1: ({ gates, figures, ...form }) => {
    if (gates === undefined && figures === undefined) return form;
    const old = { ...(gates !== undefined ? { gates } : {}), ...(figures !== undefined ? { figures } : {}) };
    if (form.sections !== undefined || !Array.isArray(gates ?? []) || !Array.isArray(figures ?? [])) return { ...form, ...old };
    const gateSections = ((gates ?? []) as Json[]).map(({ if: visibleIf, ...gate }) => ({ type: 'gate', visibleIf, ...gate }));
    const figureSections = ((figures ?? []) as Json[]).map((list) => ({ type: 'figures', ...list }));
    return { ...form, sections: [...gateSections, ...figureSections] };
  },
};

export const FORM_FORMAT: FileFormat = { kind: 'form', version: CURRENT_FORM_VERSION, unversioned: 1, steps: FORM_MIGRATIONS, sections: [] };

/** `input` upgraded to `format`'s current version (see the top of the file). */
export function migrateFile(input: unknown, format: FileFormat): Json {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new MigrationError(`a ${format.kind} must be a JSON object`);
  let file = input as Json;
  const declared = file.schemaVersion === undefined ? format.unversioned : file.schemaVersion;
  if (typeof declared !== 'number' || !Number.isInteger(declared) || declared < 0) throw new MigrationError('schemaVersion must be an integer');
  if (declared > format.version) {
    throw new MigrationError(`schemaVersion ${declared} is newer than this app understands (${format.version})`);
  }
  for (let version = declared; version < format.version; version++) {
    const own = format.steps[version];
    if (own) file = own(file);
    for (const { type, migrations } of format.sections) {
      const step = migrations?.[version];
      if (step) file = mapSections(file, type, step) as Json;
    }
    file = { ...file, schemaVersion: version + 1 };
  }
  return file;
}

export function migrateScreen(input: unknown, format: FileFormat = SCREEN_FORMAT): Json {
  return migrateFile(input, format);
}

export function migrateForm(input: unknown): Json {
  return migrateFile(input, FORM_FORMAT);
}
