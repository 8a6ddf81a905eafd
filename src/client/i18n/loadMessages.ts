/**
 * Loads one part (core or rest, see shared/i18n/catalogues) of a language's precompiled messages (ICU
 * ASTs made by scripts/gen/messages.ts). The template import makes webpack emit one chunk per language
 * and part; only the requested one is downloaded.
 */
import type { MessageFormatElement } from 'react-intl';
import type { MessagePart } from '../../shared/i18n/catalogues';
import type { Language } from '../../shared/i18n/languages';

export type Messages = Record<string, MessageFormatElement[]>;

export async function loadMessages(lang: Language, part: MessagePart = 'core'): Promise<Messages> {
  const mod = (await import(
    /* webpackChunkName: "messages-[request]" */ `../../generated/messages/${lang}.${part}.json`
  )) as { default?: Messages } & Messages;
  return (mod.default ?? mod) as Messages;
}
