/**
 * The active react-intl instance, also usable outside React (the request layer's failure texts, through
 * shell/connectRequests). The I18nProvider keeps it in step with the language it provides.
 */
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Language } from '../../shared/i18n/languages';
import { offeredLanguages } from '../platform/appConfig';
import type { Messages } from './loadMessages';

const cache = createIntlCache();

export type IntlErrorHandler = (err: Error & { code?: string }) => void;

/** Production ignores a missing message (the key is shown); development logs it. */
export const defaultOnError: IntlErrorHandler = (err) => {
  if (process.env.NODE_ENV !== 'production') console.warn(err.message);
};

let current: IntlShape = createIntl({ locale: 'en', messages: {}, onError: () => {} }, cache);

export function setActiveMessages(lang: Language, messages: Messages, onError: IntlErrorHandler = defaultOnError): IntlShape {
  current = createIntl({ locale: offeredLanguages().tag(lang), defaultLocale: 'en', messages, onError }, cache);
  return current;
}

export function getIntl(): IntlShape {
  return current;
}

export type TranslateValues = Record<string, unknown>;

/** Formats a message by key with the active language (outside React). */
export function translate(key: string, values?: TranslateValues): string {
  return current.formatMessage({ id: key }, values as Parameters<IntlShape['formatMessage']>[1]) as unknown as string;
}
