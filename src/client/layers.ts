/**
 * The client's layers, bottom to top. A module imports only from layers below its own (and from its own
 * folder); folders on the same layer do not import each other: the shell, above them, connects them.
 * `src/shared` lies under every layer; `src/server` is never imported. tests/client/layers.test.ts checks
 * every import against this list, and the lint's boundary rule reads it too.
 *
 * Entries are the top-level folders of src/client, or a file directly in it (`main.tsx`). Folders that
 * hold no TypeScript (`styles`) are not layers: their CSS is imported from any layer.
 */
export const CLIENT_LAYERS = [
  ['platform'],
  ['i18n', 'state', 'api'],
  ['runtime'],
  ['forms'],
  ['widgets'],
  ['shell'],
  ['main.tsx'],
] as const;

export type ClientLayerName = (typeof CLIENT_LAYERS)[number][number];
