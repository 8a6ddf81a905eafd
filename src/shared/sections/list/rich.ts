/**
 * A `list` whose options only the rich list draws needs its code (the chunk `widget-list-rich`); a plain
 * list of a source's rows does not. The app (src/client/widgets/List.tsx) and the server's preloads ask here.
 */

/** Section options and row fields that only the rich list draws. */
const RICH_OPTIONS = ['rows', 'max', 'toggles', 'mask'] as const;
const RICH_ITEM = ['fields', 'buttons', 'countdown'] as const;

export const RICH_LIST_CHUNK = 'widget-list-rich';

type Json = Record<string, unknown>;

/** Whether a `list` section needs the rich list. */
export function isRichList(section: object): boolean {
  const options = section as Json;
  const item = options.item as Json | undefined;
  return RICH_OPTIONS.some((k) => options[k] !== undefined) || RICH_ITEM.some((k) => item?.[k] !== undefined) || !options.source;
}
