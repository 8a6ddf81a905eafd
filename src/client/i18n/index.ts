export { I18nProvider, ensureFullMessages, ensureMessages } from './I18nProvider';
export { useT, type T } from './useT';
export { translate, getIntl, setActiveMessages } from './intl';
export { loadMessages, type Messages } from './loadMessages';
