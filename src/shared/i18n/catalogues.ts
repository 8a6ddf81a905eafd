/**
 * The app's messages come in two parts per language. The core part holds what the home screen and the
 * shell (tab bar, navigation, toasts) show; it loads before the first screen. The rest loads once the
 * first screen is up, and before any other route renders.
 */
export const CORE_MESSAGE_PREFIXES = ['home', 'tab', 'shell', 'common', 'widget', 'list', 'market', 'popup', 'announcements'] as const;

export type MessagePart = 'core' | 'rest';

export function messagePart(key: string): MessagePart {
  return (CORE_MESSAGE_PREFIXES as readonly string[]).includes(key.split('.')[0]) ? 'core' : 'rest';
}
