import { act, render, screen, waitFor } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { I18nProvider, clearMessageCache } from '../../../src/client/i18n/I18nProvider';
import { translate } from '../../../src/client/i18n/intl';
import { loadMessages } from '../../../src/client/i18n/loadMessages';
import { useT } from '../../../src/client/i18n/useT';
import { appState, setLanguage } from '../../../src/client/state/store';

// Messages per language: in the app these are precompiled ASTs from src/generated/messages (one chunk each).
jest.mock('../../../src/client/i18n/loadMessages', () => ({
  loadMessages: jest.fn(async (lang: string) => ({ 'common.ok': `OK-${lang}`, 'common.hello': 'Hi {name}' })),
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
  render(<I18nProvider><Probe /></I18nProvider>);
  expect(await screen.findByText('OK-en / Hi Ana')).toBeInTheDocument();
  expect(loadMock.mock.calls.map((c) => c[0])).toEqual(['en']);
  expect(translate('common.ok')).toBe('OK-en');
});

test('switching language loads that language, sets <html lang dir>', async () => {
  render(<I18nProvider><Probe /></I18nProvider>);
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
  render(<I18nProvider><Locale /></I18nProvider>);
  await screen.findByText('OK-kor ko');
  expect(loadMock).toHaveBeenCalledWith('kor');
});

test('a language that fails to load falls back to English', async () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  loadMock.mockImplementationOnce(async () => { throw new Error('chunk failed'); });
  setLanguage('th');
  render(<I18nProvider><Probe /></I18nProvider>);
  await waitFor(() => expect(screen.getByText(/OK-en/)).toBeInTheDocument());
  error.mockRestore();
});

test('nothing renders before the first messages arrive', () => {
  loadMock.mockImplementationOnce(() => new Promise(() => {}));
  const { container } = render(<I18nProvider fallback={<i>wait</i>}><Probe /></I18nProvider>);
  expect(container.textContent).toBe('wait');
});
