import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { IntlMessageFormat } from 'intl-messageformat';
import { errorMessageKeys, PASSWORDS_INCONSISTENT, TEXT_TOO_LONG, FORMAT_NAMES } from '../../../src/shared/validators';
import { registerAjv } from '../../../src/shared/validators/ajv';
import { messageArguments } from '../../../src/shared/i18n/check';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../i18n/en.json'), 'utf8')) as Record<string, string>;

describe('errorMessageKeys', () => {
  test('form key, then generic keyword key', () => {
    expect(errorMessageKeys('register', 're_password', 'const')).toEqual(['register.re_password.error.const', 'error.const']);
    expect(errorMessageKeys('login', 'password', 'required')).toEqual(['login.password.error.required', 'error.required']);
  });
  test('format errors insert the format key', () => {
    expect(errorMessageKeys('register', 'user_string', 'format', 'email'))
      .toEqual(['register.user_string.error.format', 'error.format.email', 'error.format']);
  });
  test('format name is ignored for other keywords', () => {
    expect(errorMessageKeys('f', 'x', 'minLength', 'email')).toEqual(['f.x.error.minLength', 'error.minLength']);
  });
  test('without a form or field only generic keys remain', () => {
    expect(errorMessageKeys('', 'x', 'required')).toEqual(['error.required']);
    expect(errorMessageKeys('f', '', 'format', 'code6')).toEqual(['error.format.code6', 'error.format']);
  });
});

describe('English messages exist for every rule', () => {
  const keywords = [
    'required', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
    'const', 'pattern', 'type', 'enum', 'format', 'noSpecialChars', 'maxTextLength',
  ];
  test.each(keywords)('error.%s', (k) => expect(en[`error.${k}`]).toEqual(expect.any(String)));
  test.each([...FORMAT_NAMES])('error.format.%s', (f) => expect(en[`error.format.${f}`]).toEqual(expect.any(String)));
  test('special messages', () => {
    expect(en[PASSWORDS_INCONSISTENT]).toBe('The two passwords are inconsistent');
    expect(en[TEXT_TOO_LONG]).toEqual(expect.any(String));
    expect(en['error.required']).toBe('This field is required');
    const minLength = new IntlMessageFormat(en['error.minLength'], 'en');
    expect(minLength.format({ limit: 7 })).toBe('Enter at least 7 characters');
    expect(minLength.format({ limit: 1 })).toBe('Enter at least 1 character');
    expect(en['error.noSpecialChars']).toBe('Special characters are not allowed');
    expect(en['error.format.email']).toBe('Please enter a valid email address');
    expect(en['error.format.code6']).toBe('The verification code is 6 digits');
  });
  test.each([
    'user_string', 'email', 'mobile', 'password', 're_password', 'code', 'extension_code', 'nickname', 'signature',
    'area_code', 'name', 'card_id', 'address', 'amount',
  ])('field.%s label', (f) => expect(en[`field.${f}`]).toEqual(expect.any(String)));
  test('field labels', () => {
    expect(en['field.user_string']).toBe('Email or phone');
    expect(en['field.extension_code']).toBe('Invitation code');
  });
});

describe('placeholders are ajv error params', () => {
  const ajv = registerAjv(new Ajv({ allErrors: true, $data: true }));
  const cases: [object, unknown][] = [
    [{ type: 'string', minLength: 3 }, 'a'],
    [{ type: 'string', maxLength: 1 }, 'ab'],
    [{ type: 'number', minimum: 3 }, 1],
    [{ type: 'number', maximum: 3 }, 5],
    [{ type: 'number', exclusiveMinimum: 3 }, 3],
    [{ type: 'number', exclusiveMaximum: 3 }, 3],
    [{ type: 'number', multipleOf: 2 }, 3],
    [{ const: 'a' }, 'b'],
    [{ type: 'string', pattern: '^a$' }, 'b'],
    [{ type: 'string' }, 1],
    [{ enum: ['a', 'b'] }, 'c'],
    [{ type: 'string', format: 'email' }, 'x'],
    [{ type: 'string', noSpecialChars: true }, '<'],
    [{ type: 'string', maxTextLength: 2 }, 'abc'],
    [{ type: 'object', required: ['a'] }, {}],
  ];
  test.each(cases)('%j', (schema, data) => {
    const validate = ajv.compile(schema);
    expect(validate(data)).toBe(false);
    const err = validate.errors![0];
    const message = en[`error.${err.keyword}`];
    for (const name of messageArguments(message)) expect(err.params).toHaveProperty(name);
    const text = new IntlMessageFormat(message, 'en').format(err.params as Record<string, string>);
    expect(typeof text === 'string' && text.length > 0).toBe(true);
    expect(text).not.toContain('{');
  });
});
