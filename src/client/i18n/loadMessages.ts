/**
 * Loads one language's precompiled messages (ICU ASTs made by scripts/gen/messages.ts).
 * The template import makes webpack emit one chunk per language; only the requested one is downloaded.
 */
import type { MessageFormatElement } from 'react-intl';
import type { Language } from '../../shared/i18n/languages';

export type Messages = Record<string, MessageFormatElement[]>;

export async function loadMessages(lang: Language): Promise<Messages> {
  const mod = (await import(
    /* webpackChunkName: "messages-[request]" */ `../../generated/messages/${lang}.json`
  )) as { default?: Messages } & Messages;
  return (mod.default ?? mod) as Messages;
}
