/**
 * The options a `list` had until version 3 that are the `quotes` type's now (src/shared/sections/quotes):
 * the migration 2 -> 3 makes a list using any of them a `quotes` section.
 */

type Json = Record<string, unknown>;

export const QUOTES_OPTIONS = ['filter', 'sort', 'columns', 'live', 'follow', 'login', 'search'] as const;
export const QUOTES_ITEM = ['suffix', 'price', 'priceDecimals', 'priceCurrency', 'change'] as const;

/** Whether a version-2 `list` section is a `quotes` section now. */
export function isQuotesList(section: Json): boolean {
  const item = section.item as Json | undefined;
  return QUOTES_OPTIONS.some((k) => section[k] !== undefined) || QUOTES_ITEM.some((k) => item?.[k] !== undefined);
}
