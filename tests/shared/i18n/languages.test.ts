/** The configured language list: matching a browser's languages to it, and the checks of its entries. */
import { SHIPPED, appLanguages, languageEntries, languageList, requestedTags } from '../../../src/shared/i18n/languages';
import { languageListProblems, proposedEntry } from '../../../src/shared/i18n/languageChecks';

const withGerman = languageList([...SHIPPED.entries, { code: 'de', tag: 'de', name: 'Deutsch', dir: 'ltr' }, { code: 'pt', tag: 'pt-BR', name: 'Português', dir: 'ltr' }]);

test('Accept-Language picks the most wanted language offered, by tag, script or language', () => {
  expect(requestedTags('fr-CA;q=0.3, de-CH,*;q=0.9, en;q=0')).toEqual(['de-CH', 'fr-CA']);
  expect(withGerman.fromLocale('de-CH,de;q=0.9,en;q=0.5')).toBe('de');
  expect(SHIPPED.fromLocale('de-CH,de;q=0.9,en;q=0.5')).toBe('en'); // not offered: English
  expect(SHIPPED.fromLocale('de-CH,fr;q=0.5')).toBe('fra'); // the next offered one
  expect(withGerman.fromLocale('pt-PT')).toBe('pt'); // same language and script
  expect(SHIPPED.fromLocale('zh-TW')).toBe('hk');
  expect(SHIPPED.fromLocale('zh-HK')).toBe('hk');
  expect(SHIPPED.fromLocale('zh-CN,zh;q=0.9')).toBe('zh');
  expect(SHIPPED.fromLocale('zh')).toBe('zh');
  expect(SHIPPED.fromLocale('ja-JP')).toBe('jp');
  expect(SHIPPED.fromLocale('ko')).toBe('kor');
  expect(SHIPPED.fromLocale('es-419')).toBe('spa');
  expect(SHIPPED.fromLocale('fa-IR')).toBe('fa');
  expect(SHIPPED.fromLocale('kor')).toBe('kor'); // the app's own code
  expect(SHIPPED.fromLocale('xx-INVALID;q=abc,*;q=2,')).toBe('en');
  expect(SHIPPED.fromLocale(undefined)).toBe('en');
});

test('an entry list answers for its languages only', () => {
  expect(withGerman.has('de')).toBe(true);
  expect(SHIPPED.has('de')).toBe(false);
  expect([withGerman.tag('de'), withGerman.dir('fa'), withGerman.name('de'), SHIPPED.tag('de')]).toEqual(['de', 'rtl', 'Deutsch', 'en']);
});

test('a bare shipped code in app.json takes the shipped entry; an app.json without languages means the shipped ones', () => {
  expect(languageEntries(['fa', { code: 'de', tag: 'de', name: 'Deutsch', dir: 'ltr' }, 'de'])).toEqual([
    { code: 'fa', tag: 'fa', name: 'فارسی', dir: 'rtl' }, { code: 'de', tag: 'de', name: 'Deutsch', dir: 'ltr' },
  ]);
  expect(appLanguages(undefined)).toBe(SHIPPED);
  expect(appLanguages({ languages: ['en', 'fa'] }).codes).toEqual(['en', 'fa']);
});

test('the checks of the entries name each mistake and what to write', () => {
  expect(languageListProblems(['en', 'zh', { code: 'en', tag: 'en-GB', name: 'English', dir: 'ltr' }])).toEqual([
    { at: ['languages', 2, 'code'], reason: '"en" is already languages[0]: each language once' },
  ]);
  expect(languageListProblems(['en', 'vi'])).toEqual([
    { at: ['languages', 1], reason: 'a bare code names a language the code ships (en, zh, hk, th, jp, kor, fra, spa, tr, fa, ru); write "vi" as an entry: {"code":"vi","tag":"vi","name":"Tiếng Việt","dir":"ltr"}' },
  ]);
  expect(languageListProblems([{ code: 'he', tag: 'he', name: 'עברית', dir: 'ltr' }]).map((p) => p.reason)).toEqual([
    '"he" is written right to left: "dir": "rtl"',
    '"en" must be offered: it is the base of every translation and what a text missing in a language shows',
  ]);
  expect(languageListProblems(['en', { code: 'zhtw', tag: 'zh-hant', name: '繁體', dir: 'ltr' }, { code: 'x', tag: 'zh-Hant', name: 'x', dir: 'ltr' }]).map((p) => p.reason)).toEqual([
    'write it "zh-Hant" (the canonical form browsers send and match)',
    '"zh-Hant" is already the tag of languages[1]: a browser asking for it could get only one of them',
  ]);
  expect(languageListProblems(['en', { code: 'de', tag: 'de_DE', name: 'Deutsch', dir: 'ltr' }])[0].reason).toMatch(/^"de_DE" is not a BCP 47 tag/);
  expect(proposedEntry('ur')).toEqual({ code: 'ur', tag: 'ur', name: 'اردو', dir: 'rtl' });
});
