import { act, render, screen, waitFor } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { clearMessageCache, ensureFullMessages } from '../../../src/client/i18n/I18nProvider';
import { translate } from '../../../src/client/i18n/intl';
import { loadMessages } from '../../../src/client/i18n/loadMessages';
import { useT } from '../../../src/client/i18n/useT';
import { AppI18nProvider } from '../../../src/client/shell/AppI18nProvider';
import { appState, setLanguage } from '../../../src/client/state/store';

// Messages per language: in the app these are precompiled ASTs from src/generated/messages (one chunk each).
jest.mock('../../../src/client/i18n/loadMessages', () => ({
  loadMessages: jest.fn(async (lang: string, part = 'core') => (part === 'rest'
    ? { 'rest.more': `More-${lang}` }
    : { 'common.ok': `OK-${lang}`, 'common.hello': 'Hi {name}' })),
}));
const loadMock = loadMessages as jest.MockedFunction<typeof loadMessages>;

function Probe() {
  const t = useT();
  return <p>{t('common.ok')} / {t('common.hello', { name: 'Ana' })}</p>;
}

beforeEach(() => {
  localStorage.clear();
  appState.reset();
  setLanguage('en');
  clearMessageCache();
  loadMock.mockClear();
});

test('loads only the active language and renders with it', async () => {
  render(<AppI18nProvider><Probe /></AppI18nProvider>);
  expect(await screen.findByText('OK-en / Hi Ana')).toBeInTheDocument();
  expect(loadMock.mock.calls.map((c) => c[0])).toEqual(['en']);
  expect(translate('common.ok')).toBe('OK-en');
});

test('switching language loads that language, sets <html lang dir>', async () => {
  render(<AppI18nProvider><Probe /></AppI18nProvider>);
  await screen.findByText(/OK-en/);
  act(() => setLanguage('fa'));
  expect(await screen.findByText(/OK-fa/)).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('fa');
  expect(document.documentElement.dir).toBe('rtl');
  expect(appState.get().locale).toBe('en');
  act(() => setLanguage('jp'));
  expect(await screen.findByText(/OK-jp/)).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('ja');
  expect(document.documentElement.dir).toBe('ltr');
  act(() => setLanguage('fa'));
  await screen.findByText(/OK-fa/);
  expect(loadMock.mock.calls.map((c) => c[0])).toEqual(['en', 'fa', 'jp']);
});

test('the IntlProvider locale is the BCP 47 tag', async () => {
  setLanguage('kor');
  function Locale() {
    const t = useT();
    return <span>{t('common.ok')} {useIntl().locale}</span>;
  }
  render(<AppI18nProvider><Locale /></AppI18nProvider>);
  await screen.findByText('OK-kor ko');
  expect(loadMock).toHaveBeenCalledWith('kor', 'core');
});

test('a language that fails to load falls back to English', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  loadMock.mockImplementationOnce(async () => { throw new Error('chunk failed'); });
  setLanguage('th');
  render(<AppI18nProvider><Probe /></AppI18nProvider>);
  await waitFor(() => expect(screen.getByText(/OK-en/)).toBeInTheDocument());
  error.mockRestore();
});

test('nothing renders before the first messages arrive', () => {
  loadMock.mockImplementationOnce(() => new Promise(() => {}));
  const { container } = render(<AppI18nProvider fallback={<i>wait</i>}><Probe /></AppI18nProvider>);
  expect(container.textContent).toBe('wait');
});

test('the core part renders first; the whole catalogue replaces it when asked for, also after a language switch', async () => {
  function More() {
    const t = useT();
    const { messages } = useIntl();
    return <p>{t('common.ok')} {'rest.more' in messages ? t('rest.more') : 'core only'}</p>;
  }
  render(<AppI18nProvider><More /></AppI18nProvider>);
  expect(await screen.findByText('OK-en core only')).toBeInTheDocument();
  await act(async () => { await ensureFullMessages('en'); });
  expect(await screen.findByText('OK-en More-en')).toBeInTheDocument();
  act(() => setLanguage('fa'));
  expect(await screen.findByText('OK-fa More-fa')).toBeInTheDocument();
  expect(loadMock.mock.calls).toEqual([['en', 'core'], ['en', 'rest'], ['fa', 'core'], ['fa', 'rest']]);
});
