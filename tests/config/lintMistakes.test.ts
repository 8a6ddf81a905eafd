/**
 * One test per mistake an operator or translator can make, on a copy of the real configuration: the check
 * (the same code the server runs on every reload) names the file, the place and the reason, and nothing
 * else.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { formatProblem } from '../../src/shared/config/lint';
import { lintConfig } from '../../scripts/lint-config';
import { copyConfiguration } from '../../src/server/configuration/files';

let dir: string;

beforeEach(() => {
  dir = copyConfiguration(fs.mkdtempSync(path.join(os.tmpdir(), 'lint-mistake-')));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const read = (rel: string) => fs.readFileSync(path.join(dir, rel), 'utf8');
const write = (rel: string, text: string) => fs.writeFileSync(path.join(dir, rel), text);
const edit = (rel: string, fn: (json: any) => void) => {
  const json = JSON.parse(read(rel));
  fn(json);
  write(rel, JSON.stringify(json, null, 2));
};
const problems = () => lintConfig({ root: dir }).map(formatProblem);

test('the shipped configuration has no problem', () => {
  expect(problems()).toEqual([]);
});

test('an unknown keyword in a form schema (strict ajv)', () => {
  edit('schemas/nickname.json', (f) => { f.schema.properties.nickname.minLenght = 3; });
  expect(problems()).toEqual(['schemas/nickname.json: $.schema.properties.nickname.minLenght: schema does not compile: strict mode: unknown keyword: "minLenght"']);
});

test('a pattern with a backreference (no linear-time matching) is refused at its place', () => {
  edit('schemas/nickname.json', (f) => { f.schema.properties.nickname.pattern = '^(\\w)\\1+$'; });
  expect(problems()).toEqual(['schemas/nickname.json: $.schema.properties.nickname.pattern: pattern "^(\\\\w)\\\\1+$" is refused: the backreference \\1 is not supported (it cannot be matched in linear time)']);
});

test('a patternProperties key is a pattern too', () => {
  edit('schemas/nickname.json', (f) => { f.schema.patternProperties = { '^(x)\\1$': { type: 'string' } }; });
  expect(problems()).toEqual([expect.stringMatching(/^schemas\/nickname\.json: \$\.schema\.patternProperties\[?.*: pattern "\^\(x\)\\\\1\$" is refused: the backreference \\1 is not supported/)]);
});

test('a pattern that would backtrack catastrophically in RegExp (^(a|aa)+$, ^(\\w+\\s?)+$) is accepted: the linear-time matcher runs it', () => {
  edit('schemas/nickname.json', (f) => { f.schema.properties.nickname.pattern = '^(a|aa)+$'; });
  edit('schemas/register.json', (f) => { f.schema.properties.password.pattern = '^(\\w+\\s?)+$'; });
  expect(problems()).toEqual([]);
});

test('an unknown property of a form file (the form meta-schema)', () => {
  edit('schemas/login.json', (f) => { f.submitLable = f.submitLabel; });
  expect(problems()).toEqual(['schemas/login.json: $.submitLable: unknown property']);
});

test('figures go after a field of the form or under the submit button ("@submit")', () => {
  edit('schemas/contract-order.json', (f) => { f.sections[3].after = '@sumbit'; });
  expect(problems()).toEqual(['schemas/contract-order.json: $.sections[3].after: no property "@sumbit" in schema']);
});

test('a bad section type', () => {
  edit('screens/common/faq.json', (s) => { s.sections[0].type = 'mneu'; });
  expect(problems()).toEqual([expect.stringMatching(/^screens\/common\/faq\.json: \$\.sections\[0\]\.type: must be one of "actions", "banner", /)]);
});

test('a bad binding', () => {
  edit('screens/common/faq.json', (s) => { s.title = '{{data.title | amount)}}'; });
  expect(problems()).toEqual([expect.stringMatching(/^screens\/common\/faq\.json: \$\.title: invalid binding: /)]);
});

test('a text whose message needs arguments the place does not give (it would show its raw key)', () => {
  edit('screens/common/faq.json', (s) => { s.title = 'trade.fee'; });
  expect(problems()).toEqual(['screens/common/faq.json: $.title: message "trade.fee" needs {rate}, which this text does not give']);
});

test('a confirmation step naming a field the form does not have, or a missing message', () => {
  edit('schemas/withdraw.json', (f) => {
    f.submit.confirm.field = 'pay_pasword';
    f.submit.confirm.sections[0].items[0].label = 'withdraw.confirm.amout';
    f.submit.confirm.sections[0].items[1].value = '{{data.fee_typo}}';
  });
  expect(problems()).toEqual([
    'schemas/withdraw.json: $.submit.confirm.field: no property "pay_pasword" in schema',
    'schemas/withdraw.json: $.submit.confirm.sections[0].items[0].label: message key "withdraw.confirm.amout" is missing from i18n/en.json',
    expect.stringMatching(/^schemas\/withdraw\.json: \$\.submit\.confirm\.sections\[0\]\.items\[1\]\.value: .*fee_typo/),
  ]);
});

test('choices whose `each` names no list of the rows', () => {
  edit('schemas/wallet-address.json', (f) => { f.ui.chain['ui:options'].sources[0].each = 'chian'; });
  expect(problems()).toEqual(['schemas/wallet-address.json: $.ui.chain["ui:options"].sources[0].each: GET /currency/list rows have no "chian"']);
});

test('invalid JSON, with line and column', () => {
  write('screens/common/faq.json', read('screens/common/faq.json').replace(/,(\s*"route")/, '$1'));
  const lines = read('screens/common/faq.json').split('\n');
  const line = lines.findIndex((l) => l.includes('"route"')) + 1;
  expect(problems()).toEqual([expect.stringMatching(new RegExp(`^screens/common/faq\\.json: ${line}:3: invalid JSON: `))]);
});

test('malformed ICU in a translation', () => {
  edit('i18n/ru.json', (m) => { m['common.retry'] = `{${m['common.retry']}`; });
  expect(problems()).toEqual([expect.stringMatching(/^i18n\/ru\.json: \$\["common\.retry"\]: ICU syntax error at line 1, column \d+ \(near .*\): an argument opened with "\{" is not closed with "\}"$/)]);
});

test('a tag outside the ones the app draws (the customers would see the raw key)', () => {
  const langs = fs.readdirSync(path.join(dir, 'i18n')).filter((f) => f.endsWith('.json')).sort();
  for (const lang of langs) edit(`i18n/${lang}`, (m) => { m['mining.intro'] = m['mining.intro'].replace(/<(\/?)b>/g, '<$1promo>'); });
  expect(problems()).toEqual(langs.map((lang) => `i18n/${lang}: $["mining.intro"]: <promo>: not a tag the app draws, so every customer would see the key instead of the text; `
    + 'use <b>, <strong>, <i>, <em>, <u>, <small>, <p>, <h2>, <h3>, <h4>, <ul>, <ol>, <li>, <blockquote>, <br>'));
});

test('an icon the app does not draw (it would show a plain circle)', () => {
  const text = read('screens/setting/security.json');
  write('screens/setting/security.json', text.replace('"icon": "lock"', '"icon": "padlock"'));
  expect(problems()).toEqual([expect.stringMatching(/^screens\/setting\/security\.json: \$\..*\.icon: unknown icon "padlock" \(it would be drawn as a plain circle\): use one of home, eye, eye-off, .*, settings, vip \(docs\/operators\.md, Icons\), or an image address$/)]);
});

test('a number limit on a text field (an amount is a decimal string): it would enforce nothing', () => {
  edit('schemas/withdraw.json', (f) => { f.schema.properties.number.minimum = 50; });
  edit('schemas/nickname.json', (f) => { f.schema.properties.nickname.maximum = 9; });
  expect(problems()).toEqual([
    'schemas/nickname.json: $.schema.properties.nickname.maximum: "maximum" applies to numbers only and this field is text: it would enforce nothing. '
      + 'Write the limit as a form rule over the source\'s figures (data), which the server states per currency and plan',
    'schemas/withdraw.json: $.schema.properties.number.minimum: "minimum" applies to numbers only and this field is text (an amount is a decimal string): '
      + 'it would enforce nothing. Write the limit as a form rule over the source\'s figures (data), which the server states per currency and plan',
  ]);
});

test('a text limit on a number field', () => {
  edit('schemas/mining-order.json', (f) => { f.schema.properties.config_id.maxLength = 3; });
  expect(problems()).toEqual(['schemas/mining-order.json: $.schema.properties.config_id.maxLength: "maxLength" applies to text only and this field is a number: it would enforce nothing']);
});

test('a fixed limit in a form whose figures depend on a choice (the BTC plan\'s 0.05 refused as "at least 200")', () => {
  edit('schemas/mining-order.json', (f) => { f.rules.push({ field: 'amount', test: '!form.amount || form.amount >= 200', message: 'api.mining.below_min', values: { min: '200', currency: '{{data.plan.currency_name}}' } }); });
  expect(problems()).toEqual(['schemas/mining-order.json: $.rules[4].test: the fixed limit 200 would apply to every choice at once (the figures depend on form.config_id: '
    + 'a currency, a plan), so a right amount in another one would be refused: compare with a figure of the source (data.…) instead']);
});

test('a key missing from a translation', () => {
  edit('i18n/th.json', (m) => { delete m['common.retry']; });
  expect(problems()).toEqual(['i18n/th.json: $["common.retry"]: missing (present in i18n/en.json)']);
});

test('an extra key in a translation', () => {
  edit('i18n/tr.json', (m) => { m['common.retyr'] = 'Tekrar dene'; });
  expect(problems()).toEqual(['i18n/tr.json: $["common.retyr"]: extra key (not in i18n/en.json)']);
});

test('a placeholder that differs from English', () => {
  const key = Object.entries(JSON.parse(read('i18n/en.json')) as Record<string, string>).find(([, v]) => /^[^{}]*\{(\w+)\}[^{}]*$/.test(v))!;
  const arg = /\{(\w+)\}/.exec(key[1])![1];
  edit('i18n/fa.json', (m) => { m[key[0]] = (m[key[0]] as string).replace(`{${arg}}`, '{nombre}'); });
  expect(problems()).toEqual([`i18n/fa.json: $["${key[0]}"]: arguments {nombre} differ from en's {${arg}}`]);
});

test('a screen using a key that no language has', () => {
  edit('screens/common/faq.json', (s) => { s.title = 'faq.titel'; });
  expect(problems()).toEqual(['screens/common/faq.json: $.title: message key "faq.titel" is missing from i18n/en.json']);
});

test('a form rule that the contract contradicts', () => {
  edit('schemas/wallet-address.json', (f) => { f.schema.properties.name.minLength = 40; });
  expect(problems()).toEqual(["schemas/wallet-address.json: $.schema.properties.name: POST /user/wallet/save: minLength 40 contradicts the contract's maxLength 30"]);
});

test('two forms of one endpoint that cannot be told apart', () => {
  edit('schemas/register-mobile.json', (f) => { f.submit.extra.type = 'email'; });
  expect(problems()).toEqual([expect.stringMatching(/^schemas\/register-mobile\.json: \$\.submit\.extra: schemas\/register\.json also submits POST \/user\/register/)]);
});

test('a form section that fixes a field its form does not have', () => {
  edit('screens/setting/password.json', (s) => { s.sections[2].readonly = ['email']; });
  expect(problems()).toEqual(['screens/setting/password.json: $.sections[2].readonly[0]: no property "email" in schemas/forget.json']);
});

test('a confirmation whose button does not say what it does, or a fill of a field the form does not have', () => {
  edit('screens/fragments/spot-order-row.json', (row) => { delete row.buttons[0].action.confirmLabel; });
  edit('screens/transaction/contract.json', (s) => { s.sections[0].sections[1].columns[0].sections[0].fill.field = 'price'; });
  expect(problems()).toEqual([
    expect.stringMatching(/^screens\/transaction\/contract\.json: \$\.sections\[0\]\.sections\[1\]\.columns\[0\]\.sections\[0\]\.fill\.field: no property "price" in schemas\/contract-order\.json$/),
    'screens/transaction/currency.json: $.sections[0].sections[3].tabs[0].sections[0].item.buttons[0].action: must have property confirmLabel when property confirm is present (from screens/fragments/spot-order-row.json)',
    'screens/transaction/currency_order.json: $.sections[0].tabs[0].sections[0].item.buttons[0].action: must have property confirmLabel when property confirm is present (from screens/fragments/spot-order-row.json)',
    'screens/transaction/currency_order.json: $.sections[0].tabs[1].sections[0].item.buttons[0].action: must have property confirmLabel when property confirm is present (from screens/fragments/spot-order-row.json)',
    'screens/transaction/index.json: $.sections[0].sections[0].tabs[0].sections[3].tabs[0].sections[0].item.buttons[0].action: must have property confirmLabel when property confirm is present (from screens/fragments/spot-order-row.json)',
    'screens/transaction/index2.json: $.sections[0].sections[3].tabs[0].sections[0].item.buttons[0].action: must have property confirmLabel when property confirm is present (from screens/fragments/spot-order-row.json)',
  ]);
});

test('a screen that redirects to itself, to no screen, or on a broken condition', () => {
  edit('screens/fund/receive.json', (s) => { s.redirect.to = '/pages/fund/receive?type=receive'; });
  expect(problems()).toEqual(['screens/fund/receive.json: $.redirect.to: a screen cannot redirect to itself: name the screen to go to instead']);
  edit('screens/fund/receive.json', (s) => { s.redirect.to = '/pages/fund/choose'; });
  expect(problems()).toEqual(['screens/fund/receive.json: $.redirect.to: no screen for route "/pages/fund/choose"']);
  edit('screens/fund/receive.json', (s) => { s.redirect = { when: '!query.currency ||', to: '/pages/fund/select' }; });
  expect(problems()).toEqual([expect.stringMatching(/^screens\/fund\/receive\.json: \$\.redirect\.when: invalid expression: /)]);
  edit('screens/fund/receive.json', (s) => { s.redirect = { when: '!data.address', to: '/pages/fund/select' }; });
  expect(problems()).toContain('screens/fund/receive.json: $.redirect.when: "data" is not known when the screen opens: use query or user');
});

describe('shared fragments ($ref to a file of screens/fragments/)', () => {
  const row = 'fragments/contract-position-row.json';

  test('a missing fragment file', () => {
    fs.rmSync(path.join(dir, 'screens', row));
    expect(problems()).toEqual([
      'screens/transaction/contract.json: $.sections[0].sections[4].tabs[0].sections[0].item.$ref: no file screens/fragments/contract-position-row.json',
      'screens/transaction/contract_order.json: $.sections[1].tabs[0].sections[0].item.$ref: no file screens/fragments/contract-position-row.json',
      'screens/transaction/index.json: $.sections[0].sections[0].tabs[1].sections[3].tabs[0].sections[0].item.$ref: no file screens/fragments/contract-position-row.json',
    ]);
  });

  test('a fragment that includes itself', () => {
    edit(`screens/${row}`, (item) => { item.fields[0] = { $ref: 'fragments/loop.json' }; });
    write('screens/fragments/loop.json', JSON.stringify({ $ref: row }));
    expect(problems()).toEqual([expect.stringMatching(/^screens\/transaction\/contract\.json: \$\.sections\[0\]\.sections\[4\]\.tabs\[0\]\.sections\[0\]\.item\.fields\[0\]\.\$ref: screens\/fragments\/contract-position-row\.json includes itself \(fragments\/contract-position-row\.json -> fragments\/loop\.json -> fragments\/contract-position-row\.json\)$/), expect.anything(), expect.anything()]);
  });

  test('a $ref beside other properties, and one outside screens/fragments/', () => {
    edit('screens/transaction/contract.json', (s) => { s.sections[0].sections[4].tabs[0].sections[0].item.title = 'x'; });
    edit('screens/transaction/contract_order.json', (s) => { s.sections[1].tabs[0].sections[0].item.$ref = '../schemas/login.json'; });
    expect(problems()).toEqual([
      'screens/transaction/contract.json: $.sections[0].sections[4].tabs[0].sections[0].item.$ref: a "$ref" stands alone: move the other properties into the fragment, or write the part out here',
      'screens/transaction/contract_order.json: $.sections[1].tabs[0].sections[0].item.$ref: must name a file of screens/fragments/, e.g. "fragments/contract-position-row.json"',
    ]);
  });

  test('a mistake inside a fragment is reported where it is used, naming the fragment', () => {
    edit(`screens/${row}`, (item) => { item.note = 'trade.no_such_key'; });
    expect(problems()).toEqual([
      'screens/transaction/contract.json: $.sections[0].sections[4].tabs[0].sections[0].item.note: message key "trade.no_such_key" is missing from i18n/en.json (from screens/fragments/contract-position-row.json)',
      'screens/transaction/contract_order.json: $.sections[1].tabs[0].sections[0].item.note: message key "trade.no_such_key" is missing from i18n/en.json (from screens/fragments/contract-position-row.json)',
      'screens/transaction/index.json: $.sections[0].sections[0].tabs[1].sections[3].tabs[0].sections[0].item.note: message key "trade.no_such_key" is missing from i18n/en.json (from screens/fragments/contract-position-row.json)',
    ]);
  });
});

test('a screen of version 1 still loads: "requires" becomes a redirect', () => {
  edit('screens/fund/withdraw.json', (s) => {
    s.schemaVersion = 1;
    s.requires = { query: ['currency'], to: s.redirect.to };
    delete s.redirect;
  });
  expect(problems()).toEqual([]);
});

test('a screen of a dark family without its dark variant (the page would turn light in the middle of them)', () => {
  edit('screens/transaction/contract_order.json', (s) => { delete s.dark; });
  expect(problems()).toEqual(['screens/transaction/contract_order.json: $.dark: the screens of /pages/transaction/ are dark while "tradePrefs.dark" is on (screens/transaction/contract.json): give this one "dark": "tradePrefs.dark" too, or it shows light in the middle of them']);
});

test('an empty state whose next step leads nowhere', () => {
  edit('screens/fund/transfer_history.json', (s) => { s.sections.find((x: { emptyAction?: unknown }) => x.emptyAction).emptyAction.to = '/pages/fund/nowhere'; });
  expect(problems()).toEqual([expect.stringMatching(/^screens\/fund\/transfer_history\.json: \$\.sections\[\d+\]\.emptyAction\.to: .*\/pages\/fund\/nowhere/)]);
});
