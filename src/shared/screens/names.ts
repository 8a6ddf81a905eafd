/**
 * The vocabulary of screen and form files that both the runtime and the configuration check know: pipes,
 * link actions, named hand-written components and form widgets. The client's registries are typed by these
 * lists, so a name cannot be added on one side only.
 */
export const PIPE_NAMES = ['amount', 'compact', 'percent', 'fiat', 'datetime', 'date', 'countdown', 'group', 't', 'count', 'default', 'upper', 'card', 'signed', 'rate', 'region', 'pageLink'] as const;
export type PipeName = (typeof PIPE_NAMES)[number];

/**
 * Pipes whose output is a number a person reads: the app shows it grouped in the reader's language, in a
 * `<bdi class="num">` that never wraps, with the exact value as its title. `signed` and `percent` also colour it
 * by its sign (up, down; zero neutral).
 */
export const NUMERIC_PIPES: readonly PipeName[] = ['amount', 'compact', 'percent', 'rate', 'fiat', 'group', 'signed'];
export const SIGNED_PIPES: readonly PipeName[] = ['signed', 'percent'];

/** `action:<name>` links (`"to": "action:back"`). */
export const LINK_ACTIONS = ['setLanguage', 'setFiat', 'logout', 'back'] as const;
export type LinkAction = (typeof LINK_ACTIONS)[number];

/**
 * Names of the hand-written components a `component` section may use: only what the design allows (the pair
 * detail: K-line and order book; NFT auctions and trading tickets' live parts to come).
 */
export const COMPONENT_NAMES = ['pairDetail'] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

/** Widgets a form's `ui:widget` may name: our own and RJSF's standard ones. */
export const FORM_WIDGETS = ['sendCode', 'password', 'areaCode', 'remoteSelect', 'image',
  'text', 'textarea', 'select', 'radio', 'checkbox', 'checkboxes', 'hidden', 'email', 'uri', 'updown', 'range',
  'date', 'datetime', 'time', 'color', 'file', 'altdate', 'altdatetime', 'amount', 'choices', 'segmented'] as const;

const BINDING_RE = /\{\{([\s\S]*?)\}\}/g;

/** Every binding body in a string. */
export function bindingBodies(text: string): string[] {
  return [...text.matchAll(BINDING_RE)].map((m) => m[1]);
}
