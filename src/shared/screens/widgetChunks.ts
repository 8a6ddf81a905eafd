/**
 * Which code a screen draws with, by name, for the app (registry.ts fetches it with the screen) and the
 * server (the HTML preloads the screen runtime and what the inlined home screen needs, so it downloads
 * beside the app's own code instead of after it). Each widget that is not bundled with the screen runtime
 * is the webpack chunk `widget-<type>`; a section type may need more (its definition's
 * `chunks`), which src/shared/sections/chunks.ts adds. This file stays small: the app's runtime imports it.
 */

type Json = Record<string, unknown>;

/**
 * Every section in a screen or section list, nested ones (tab panels) included; with `drawn`, a section it
 * rejects is left out with everything inside it.
 */
export function* sectionsIn(value: unknown, drawn: (section: Json) => boolean = () => true): Generator<Json & { type: string }> {
  if (Array.isArray(value)) {
    for (const v of value) yield* sectionsIn(v, drawn);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    if (key === 'sections' && Array.isArray(v)) {
      for (const s of v) {
        const isSection = !!s && typeof s === 'object' && typeof (s as Json).type === 'string';
        if (isSection && !drawn(s as Json)) continue;
        if (isSection) yield s as Json & { type: string };
        yield* sectionsIn(s, drawn);
      }
    } else if (v && typeof v === 'object') yield* sectionsIn(v, drawn);
  }
}

/** The chunk every screen needs (src/client/shell/screenModules.ts names it so). */
export const SCREEN_RUNTIME_CHUNK = 'screen-runtime';

/** The build's list of the files of each named chunk, in dist/ (webpack.config.ts writes it). */
export const CHUNK_FILES = 'chunk-files.json';

export function widgetChunk(type: string): string {
  return `widget-${type}`;
}

/** The chunk of a named hand-written component (src/client/widgets/components/index.ts names each so). */
export function componentChunk(name: string): string {
  return `component-${name}`;
}
