import * as yup from 'yup';
import { yupRules, yupTests, messageRef, parseMessageRef } from '../../../src/shared/validators/yup';
import { FORMAT_NAMES } from '../../../src/shared/validators/formats';

/** Validates and returns { path: message } of all errors (empty when valid). */
async function errorsOf(schema: yup.AnySchema, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (e) {
    const err = e as yup.ValidationError;
    return Object.fromEntries(err.inner.map((i) => [i.path ?? '', i.message]));
  }
}

describe('messageRef / parseMessageRef', () => {
  test('round trip', () => {
    expect(messageRef('error.required')).toBe('error.required');
    expect(messageRef('error.minLength', { limit: 7 })).toBe('error.minLength {"limit":7}');
    expect(parseMessageRef('error.minLength {"limit":7}')).toEqual({ key: 'error.minLength', values: { limit: 7 } });
    expect(parseMessageRef('error.required')).toEqual({ key: 'error.required', values: {} });
    expect(parseMessageRef('plain text {broken')).toEqual({ key: 'plain text {broken', values: {} });
    expect(parseMessageRef(messageRef('a.b', {}))).toEqual({ key: 'a.b', values: {} });
  });
});

describe('yupTests', () => {
  test('one test per format, empty values pass', () => {
    expect(Object.keys(yupTests).sort()).toEqual([...FORMAT_NAMES].sort());
    for (const name of FORMAT_NAMES) {
      const s = yup.string().test(yupTests[name]);
      expect(s.isValidSync(undefined)).toBe(true);
      expect(s.isValidSync('')).toBe(true);
      expect(yupTests[name].message).toBe(`error.format.${name}`);
    }
  });
  test('uses the same validators', () => {
    const email = yup.string().test(yupTests.email);
    expect(email.isValidSync('a@b.com')).toBe(true);
    expect(email.isValidSync('a@b')).toBe(false);
    expect(yup.string().test(yupTests.amount).isValidSync(`0.${'0'.repeat(20)}1`)).toBe(false);
    expect(yup.string().test(yupTests.code6).isValidSync('123456')).toBe(true);
  });
});

describe('yupRules in a register form', () => {
  const schema = yup.object({
    user_string: yupRules.email(),
    code: yupRules.code(),
    password: yupRules.password(),
    re_password: yupRules.confirmPassword(),
    extension_code: yupRules.noSpecialChars(),
  });

  test('valid', async () => {
    expect(await errorsOf(schema, { user_string: 'a@b.com', code: '123456', password: 'secret12', re_password: 'secret12' })).toEqual({});
  });

  test('required', async () => {
    expect(await errorsOf(schema, {})).toEqual({
      user_string: 'error.required', code: 'error.required', password: 'error.required', re_password: 'error.required',
    });
  });

  test('rule messages are i18n keys', async () => {
    expect(await errorsOf(schema, {
      user_string: 'bad', code: '12345', password: 'short', re_password: 'other', extension_code: 'a{b}',
    })).toEqual({
      user_string: 'error.format.email',
      code: 'error.format.code6',
      password: 'error.minLength {"limit":7}',
      re_password: 'error.passwords_inconsistent',
      extension_code: 'error.noSpecialChars',
    });
  });

  test('password longer than six characters', async () => {
    expect(yupRules.password().isValidSync('1234567')).toBe(true);
    expect(yupRules.password().isValidSync('123456')).toBe(false);
    expect(yupRules.password({ optional: true }).isValidSync(undefined)).toBe(true);
  });
});

describe('other yupRules', () => {
  test('optional formats', () => {
    expect(yupRules.mobile({ optional: true }).isValidSync(undefined)).toBe(true);
    expect(yupRules.mobile({ optional: true }).isValidSync('12345')).toBe(false);
    expect(yupRules.mobile().isValidSync('13812345678')).toBe(true);
    expect(yupRules.format('plate').isValidSync('京A12345')).toBe(true);
    expect(yupRules.nickname().isValidSync('小明')).toBe(true);
    expect(yupRules.nickname().isValidSync('小')).toBe(false);
    expect(yupRules.signature().isValidSync('hello')).toBe(true);
    expect(yupRules.idcard().isValidSync('11010519491231002X')).toBe(true);
    expect(yupRules.amount().isValidSync('0')).toBe(false);
  });
  test('code of another length', async () => {
    expect(yupRules.code(4).isValidSync('1234')).toBe(true);
    expect(await errorsOf(yup.object({ c: yupRules.code(4) }), { c: '12' })).toEqual({ c: 'error.code {"length":4}' });
  });
  test('maxTextLength and length', async () => {
    expect(await errorsOf(yup.object({ t: yupRules.maxTextLength(3) }), { t: 'abcd' })).toEqual({ t: 'error.text_too_long' });
    expect(yupRules.maxTextLength(3).isValidSync('😀😀😀')).toBe(true);
    expect(await errorsOf(yup.object({ t: yupRules.length(2, 4) }), { t: 'a' })).toEqual({ t: 'error.minLength {"limit":2}' });
    expect(await errorsOf(yup.object({ t: yupRules.length(2, 4) }), { t: 'abcde' })).toEqual({ t: 'error.maxLength {"limit":4}' });
  });
  test('range compares decimals exactly', async () => {
    const s = yup.object({ money: yupRules.range('500000', '10000000') });
    expect(await errorsOf(s, { money: '500000' })).toEqual({});
    expect(await errorsOf(s, { money: '10000000.0000000001' })).toEqual({ money: 'error.maximum {"limit":"10000000"}' });
    expect(await errorsOf(s, { money: '499999.99' })).toEqual({ money: 'error.minimum {"limit":"500000"}' });
    expect(await errorsOf(s, { money: 'abc' })).toEqual({ money: 'error.format.number' });
    expect(await errorsOf(s, {})).toEqual({ money: 'error.required' });
  });
});
