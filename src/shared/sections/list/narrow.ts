/**
 * What a version-2 `list` stood for, which the migration 2 -> 3 makes its own type: a market table
 * (`quotes`, src/shared/sections/quotes) or records: rows from scope data, cut, filtered by toggles, masked,
 * or with fields, buttons or a countdown (`records`, src/shared/sections/records). What is neither stays a
 * `list` of plain rows.
 */

type Json = Record<string, unknown>;

export const QUOTES_OPTIONS = ['filter', 'sort', 'columns', 'live', 'follow', 'login', 'search'] as const;
export const QUOTES_ITEM = ['suffix', 'price', 'priceDecimals', 'priceCurrency', 'change'] as const;
export const RECORDS_OPTIONS = ['rows', 'max', 'toggles', 'mask'] as const;
export const RECORDS_ITEM = ['fields', 'buttons', 'countdown'] as const;

const uses = (section: Json, options: readonly string[], item: readonly string[]) => {
  const row = section.item as Json | undefined;
  return options.some((k) => section[k] !== undefined) || item.some((k) => row?.[k] !== undefined);
};

/**
 * The type a version-2 `list` section has at version 3. A row written as a shared fragment (`$ref`, resolved
 * after the migration) is a record's: the fragments of version 2 were all record rows, and `records` draws
 * plain rows too.
 */
export function narrowedListType(section: Json): 'quotes' | 'records' | 'list' {
  if (uses(section, QUOTES_OPTIONS, QUOTES_ITEM)) return 'quotes';
  const row = section.item as Json | undefined;
  if (uses(section, RECORDS_OPTIONS, RECORDS_ITEM) || row?.$ref !== undefined) return 'records';
  return 'list';
}
