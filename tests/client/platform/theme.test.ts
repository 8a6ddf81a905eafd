import appJson from '../../../screens/app.json';
import { applyTheme } from '../../../src/client/platform/appConfig';

afterEach(() => {
  document.documentElement.removeAttribute('data-theme');
  document.getElementById('theme-overrides')?.remove();
});

test('app.json follows the system theme by default', () => {
  expect(appJson.theme.mode).toBe('system');
  applyTheme();
  expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
});

test('a fixed mode sets data-theme; overrides become CSS variables, invalid values are dropped', () => {
  applyTheme({ mode: 'dark', overrides: { dark: { primary: '#ff0000', 'bad key': '#000', up: 'red; x' } } });
  expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
  const css = document.getElementById('theme-overrides')?.textContent ?? '';
  expect(css).toContain('--color-primary:#ff0000;');
  expect(css).not.toContain('bad key');
  expect(css).not.toContain('red; x');
});

describe('screens/app.json', () => {
  const Ajv = require('ajv').default as typeof import('ajv').default;
  const schema = require('../../../screens/app.schema.json');
  const validate = new Ajv({ allErrors: true }).compile(schema);

  test('satisfies screens/app.schema.json', () => {
    expect(validate(appJson)).toBe(true);
    expect(validate.errors ?? null).toBeNull();
  });

  // A bare code the app does not ship ("xx") is the configuration check's (src/shared/i18n/languageChecks.ts), which says what entry to write.
  test('the schema rejects an unknown tab, a bad route and an incomplete language entry', () => {
    const bad = JSON.parse(JSON.stringify(appJson)) as Record<string, any>;
    bad.tabBar.tabs[0].key = 'casino';
    bad.home = 'index';
    bad.languages = ['en', { code: 'xx', name: 'X' }];
    expect(validate(bad)).toBe(false);
    const paths = (validate.errors ?? []).map((e) => e.instancePath);
    expect(paths).toEqual(expect.arrayContaining(['/tabBar/tabs/0/key', '/home', '/languages/1']));
  });

  test('tab labels exist in i18n/en.json', () => {
    const en = require('../../../i18n/en.json') as Record<string, string>;
    for (const tab of appJson.tabBar.tabs) expect(en[tab.label]).toBeTruthy();
    expect(en[appJson.serviceButton.label]).toBeTruthy();
  });
});
