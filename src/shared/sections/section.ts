/**
 * What a section type is made of, on the side the server and the lint share with the app (the widget that
 * draws it is the app's: src/client/widgets/registry.ts). Each type is a folder `src/shared/sections/<type>/`
 * whose `index.ts` exports a `SectionDefinition`, listed once in `src/shared/sections/index.ts`; the
 * meta-schema of screens, the lint, the migrations and the code chunks a screen needs are composed from that
 * list.
 */
import type { JsonSchema } from '../contract';

type Json = Record<string, unknown>;
export type JsonPath = (string | number)[];

/** A section as written in a screen file (its options), with its `type`. */
export type SectionJson = Json & { type: string };

/**
 * The checks the lint offers a section's rules. Paths are JSON paths of the screen file; every check reports
 * its problem itself.
 */
export interface SectionLintContext {
  /** Reports a problem at `at`. */
  problem(at: JsonPath, reason: string): void;
  /** A message key of i18n/en.json. */
  key(at: JsonPath, key: string): void;
  /** A text: a message key, or a string with `{{bindings}}`. */
  text(at: JsonPath, text: string): void;
  /** The bindings (`{{…}}`) anywhere in `value` (a string, or an object or array of them). */
  templates(at: JsonPath, value: unknown): void;
  /** Whether `schemas/<name>.json` exists, and its top-level fields (undefined when unreadable). */
  form(name: string): { exists: boolean; fields: Set<string> | undefined };
  /** A component name of the app (shared/screens/names.ts). */
  components: readonly string[];
  /**
   * The answer of the section's source, as the lint knows it (undefined without a source or when the
   * contract does not declare it): its endpoint, the selected part and whether that part pages.
   */
  source: SectionSource | undefined;
}

export interface SectionSource {
  endpoint: string;
  /** The schema of `source.select` in the answer (the whole answer without `select`). */
  data: JsonSchema;
  /** Whether the endpoint or the selected part pages (`page` / `limit` request fields, `page` / `total` answer). */
  pages: boolean;
}

export interface SectionLint {
  /** The type's own checks, beside the walk every section gets (texts, bindings, links, endpoints). */
  check?(section: SectionJson, lint: SectionLintContext, at: JsonPath): void;
  /** Options the type's `check` takes care of, which the generic walk then skips. */
  checks?: readonly string[];
  /** Whether the section's `data` is the row its source's rows hold (`find`) rather than the whole answer. */
  dataIsRow?(section: SectionJson): boolean;
  /** Whether the sections inside read this section's `data` (else each reads its own source's). */
  sectionsSeeData?: boolean;
}

/** One step of the screen format for this type: the options of `schemaVersion` n -> n + 1. */
export type SectionMigration = (section: SectionJson) => SectionJson;

export interface SectionDefinition {
  type: string;
  /** A few words in the meta-schema's list of types, when the type's name does not say it all. */
  summary?: string;
  /** The JSON Schema of the section's options; `#/definitions/…` names the shared definitions of screen.base.json. */
  schema: object;
  lint?: SectionLint;
  /** Keyed by the version they migrate from (see shared/screens/migrate.ts). */
  migrations?: Readonly<Record<number, SectionMigration>>;
  /** Code the section needs besides its widget's chunk (`widget-<type>`), by chunk name. */
  chunks?: (section: SectionJson) => string[];
}

export function defineSection(definition: SectionDefinition): SectionDefinition {
  return definition;
}
