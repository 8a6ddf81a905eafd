/**
 * Screen file migrations (as Grafana does for dashboards): an operator's file written for an older
 * `schemaVersion` is upgraded step by step to the current one when it is loaded, so it never silently
 * breaks. Version 1 is the current format; a file without `schemaVersion` is treated as version 0
 * (the pre-release draft, where sections were called `blocks` and list items `row`).
 *
 * To change the format: bump CURRENT_SCHEMA_VERSION, add `MIGRATIONS[<old version>]` that returns
 * the next version's shape, update screen.schema.json and types.ts, and add a test.
 */

export const CURRENT_SCHEMA_VERSION = 1;

type Json = Record<string, unknown>;
type Migration = (screen: Json) => Json;

export const MIGRATIONS: Record<number, Migration> = {
  /** 0 -> 1: `blocks` became `sections`; a list's `row` became `item`. */
  0: (screen) => {
    const { blocks, ...rest } = screen;
    const renameRows = (sections: unknown): unknown => (Array.isArray(sections)
      ? sections.map((s: Json) => {
        const { row, ...other } = s;
        const out: Json = row !== undefined && other.item === undefined ? { ...other, item: row } : { ...other };
        if (Array.isArray(out.tabs)) {
          out.tabs = (out.tabs as Json[]).map((tab) => ({ ...tab, sections: renameRows(tab.sections ?? tab.blocks) }));
        }
        return out;
      })
      : sections);
    return { ...rest, sections: renameRows(rest.sections ?? blocks ?? []), schemaVersion: 1 };
  },
};

export class MigrationError extends Error {}

export function migrateScreen(input: unknown, migrations: Record<number, Migration> = MIGRATIONS,
  current = CURRENT_SCHEMA_VERSION): Json {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw new MigrationError('a screen must be a JSON object');
  let screen = input as Json;
  const declared = screen.schemaVersion === undefined ? 0 : screen.schemaVersion;
  if (typeof declared !== 'number' || !Number.isInteger(declared)) throw new MigrationError('schemaVersion must be an integer');
  let version: number = declared;
  if (version > current) {
    throw new MigrationError(`schemaVersion ${version} is newer than this app understands (${current})`);
  }
  while (version < current) {
    const step = migrations[version];
    if (!step) throw new MigrationError(`no migration from schemaVersion ${version}`);
    screen = step(screen);
    const next = screen.schemaVersion;
    if (typeof next !== 'number' || next <= version) throw new MigrationError(`migration from ${version} did not advance`);
    version = next;
  }
  return screen;
}
