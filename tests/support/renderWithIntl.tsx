/**
 * Renders with react-intl and the English messages of i18n/en.json. onError throws, so a component that
 * uses a missing message key fails its test. Also points the outside-React `translate()` at the same
 * messages (the request layer's failure texts).
 */
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import en from '../../i18n/en.json';
import { setActiveMessages } from '../../src/client/i18n/intl';
import type { Messages } from '../../src/client/i18n/loadMessages';

export const enMessages = en as Record<string, string>;

export const throwOnIntlError = (err: Error): void => {
  throw err;
};

/** Makes `translate()` (used outside React) use the English messages, throwing on a missing key. */
export function englishOutsideReact(): void {
  setActiveMessages('en', enMessages as unknown as Messages, throwOnIntlError);
}

export function IntlWrapper({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale="en" defaultLocale="en" messages={enMessages} onError={throwOnIntlError}>
      {children}
    </IntlProvider>
  );
}

export function renderWithIntl(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  englishOutsideReact();
  return render(ui, { wrapper: IntlWrapper, ...options });
}
