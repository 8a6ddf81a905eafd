/** Which rules of a form the API can check by itself (shared/config/formRules.ts), and how it checks them. */
import fs from 'node:fs';
import path from 'node:path';
import { apiRules, brokenRule } from '../../../src/shared/config/formRules';

const form = (name: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../schemas', `${name}.json`), 'utf8')) as Record<string, unknown>;

test('a rule reading only sent fields is the API\'s; one reading live figures or a field never sent stays the app\'s', () => {
  expect(apiRules(form('exchange')).map((r) => r.message)).toEqual(['error.format.amount']);
  expect(apiRules(form('withdraw'))).toEqual([]); // destination is ui:local; the others read data
  expect(apiRules(form('contract-order')).map((r) => r.message)).toEqual(['api.lever.price_required']);
});

test('a broken rule gives its message and the values it binds from the payload; amounts compare exactly', () => {
  const f = {
    schema: { properties: { number: { type: 'string' }, kind: { type: 'string' } } },
    ui: { kind: { 'ui:local': true } },
    rules: [
      { field: 'number', test: '!form.number || form.number <= 0.3', message: 'a.exact', values: { n: '{{form.number}}' } },
      { field: 'number', test: "form.kind == 'x'", message: 'a.local' },
      { field: 'number', test: 'form.number', message: 'a.piped', values: { n: '{{form.number | amount}}' } },
    ],
  };
  const rules = apiRules(f);
  expect(rules.map((r) => r.message)).toEqual(['a.exact']);
  expect(brokenRule(rules, { number: '0.3' })).toBeUndefined();
  expect(brokenRule(rules, { number: '0.30000000000000001' })).toEqual({ rule: rules[0], values: { n: '0.30000000000000001' } });
});
