import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { TranslateValues } from './intl';

export type T = (key: string, values?: TranslateValues) => string;

/** `t(key, values)`: react-intl formatMessage by id. */
export function useT(): T {
  const intl = useIntl();
  return useCallback(
    (key: string, values?: TranslateValues) =>
      intl.formatMessage({ id: key }, values as Parameters<IntlShape['formatMessage']>[1]) as unknown as string,
    [intl],
  );
}
