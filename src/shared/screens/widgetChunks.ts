/**
 * Which code a screen draws with, by name, for the app (registry.ts fetches it with the screen) and the
 * server (the HTML preloads the screen runtime and what the inlined home screen needs, so it downloads
 * beside the app's own code instead of after it). Each widget that is not bundled with the screen runtime
 * is the webpack chunk `widget-<type>`; the rich list is `widget-list-rich`.
 */

/** Section options and row fields that only the rich list draws. */
const RICH_OPTIONS = ['rows', 'filter', 'sort', 'max', 'columns', 'live', 'follow', 'login', 'search', 'toggles', 'mask'] as const;
const RICH_ITEM = ['suffix', 'price', 'change', 'fields', 'buttons', 'countdown'] as const;

type Json = Record<string, unknown>;

/** Whether a `list` section needs the rich list. */
export function isRichList(section: object): boolean {
  const options = section as Json;
  const item = options.item as Json | undefined;
  return RICH_OPTIONS.some((k) => options[k] !== undefined) || RICH_ITEM.some((k) => item?.[k] !== undefined) || !options.source;
}

/** Every section in a screen or section list, nested ones (tab panels) included. */
export function* sectionsIn(value: unknown): Generator<Json & { type: string }> {
  if (Array.isArray(value)) {
    for (const v of value) yield* sectionsIn(v);
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    if (key === 'sections' && Array.isArray(v)) {
      for (const s of v) if (s && typeof s === 'object' && typeof (s as Json).type === 'string') yield s as Json & { type: string };
    }
    if (v && typeof v === 'object') yield* sectionsIn(v);
  }
}

export const RICH_LIST_CHUNK = 'widget-list-rich';

/** The chunk every screen needs (src/client/shell/screenModules.ts names it so). */
export const SCREEN_RUNTIME_CHUNK = 'screen-runtime';

/** The build's list of the files of each named chunk, in dist/ (webpack.config.ts writes it). */
export const CHUNK_FILES = 'chunk-files.json';

export function widgetChunk(type: string): string {
  return `widget-${type}`;
}

/** The chunk names of what `screen` draws (a widget bundled with the runtime has none: the caller skips names it lacks). */
export function widgetChunksOf(screen: unknown): string[] {
  const names = new Set<string>();
  for (const section of sectionsIn(screen)) {
    names.add(widgetChunk(section.type));
    if (section.type === 'list' && isRichList(section)) names.add(RICH_LIST_CHUNK);
  }
  return [...names];
}
