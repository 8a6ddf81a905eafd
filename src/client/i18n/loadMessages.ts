/**
 * Loads one part (core or rest, see shared/i18n/catalogues) of a language's messages as the server serves
 * them: ICU already compiled to AST (react-intl then needs no parser), English filling untranslated keys.
 */
import type { MessageFormatElement } from 'react-intl';
import type { MessagePart } from '../../shared/i18n/catalogues';
import type { Language } from '../../shared/i18n/languages';
import { fetchMessages } from '../platform/configuration';

export type Messages = Record<string, MessageFormatElement[]>;

export async function loadMessages(lang: Language, part: MessagePart = 'core'): Promise<Messages> {
  return (await fetchMessages(`${lang}.${part}`)) as Messages;
}
