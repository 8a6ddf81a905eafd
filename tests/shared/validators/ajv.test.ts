import path from 'node:path';
import Module from 'node:module';
import Ajv, { _, type ErrorObject } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import { registerAjv, CUSTOM_KEYWORDS } from '../../../src/shared/validators/ajv';
import { FORMAT_NAMES, formats } from '../../../src/shared/validators/formats';

const makeAjv = (): Ajv => registerAjv(new Ajv({ allErrors: true, $data: true }));

const registerSchema = {
  type: 'object',
  required: ['user_string', 'code', 'password', 're_password'],
  properties: {
    user_string: { type: 'string', format: 'email' },
    code: { type: 'string', format: 'code6' },
    password: { type: 'string', minLength: 7 },
    re_password: { type: 'string', const: { $data: '1/password' } },
    extension_code: { type: 'string', noSpecialChars: true },
    nickname: { type: 'string', format: 'nickname', noSpecialChars: true },
    signature: { type: 'string', maxTextLength: 30 },
  },
} as const;

const good = { user_string: 'a@b.com', code: '123456', password: 'secret12', re_password: 'secret12' };

function summary(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword}${e.keyword === 'format' ? `:${e.params.format}` : ''}`).sort();
}

describe('registerAjv', () => {
  test('returns the instance and can run twice', () => {
    const ajv = new Ajv({ $data: true });
    expect(registerAjv(ajv)).toBe(ajv);
    expect(() => registerAjv(ajv)).not.toThrow();
    for (const k of CUSTOM_KEYWORDS) expect(ajv.getKeyword(k)).toBeTruthy();
  });

  test('registers every format with the same function', () => {
    const ajv = makeAjv();
    expect(FORMAT_NAMES).toHaveLength(18);
    for (const name of FORMAT_NAMES) expect(ajv.formats[name]).toBe(formats[name]);
  });

  test.each([
    ['email', 'a@b.com', 'nope'], ['mobile', '13812345678', '12812345678'], ['url', 'https://x.com', 'x.com'],
    ['date', '2024-02-29', '2023-02-29'], ['number', '1,234.5', '12,34'], ['digits', '123', '12a'],
    ['idcard', '11010519491231002X', '110105194912310021'], ['plate', '京A12345', '京A1234'], ['amount', '0.5', '0'],
    ['chinese', '中文', '中a'], ['letters', 'abc', 'ab1'], ['alnum', 'ab1', 'ab_'], ['code6', '123456', '12345'],
    ['json', '{"a":1}', '{a}'], ['landline', '010-12345678', '12345678'], ['nickname', '小明1', 'x'],
    ['signature', 'hello', 'h'], ['password', '1234567', '123456'],
  ])('format %s', (format, ok, bad) => {
    const validate = makeAjv().compile({ type: 'string', format });
    expect(validate(ok)).toBe(true);
    expect(validate(bad)).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'format', params: { format } });
  });

  test('formats ignore non-strings (type is checked separately)', () => {
    const validate = registerAjv(new Ajv({ strictTypes: false })).compile({ format: 'email' });
    expect(validate(5)).toBe(true);
  });
});

describe('register-like schema', () => {
  const validate = makeAjv().compile(registerSchema);

  test('valid payload passes', () => {
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, extension_code: 'ABC123', nickname: '小明', signature: 'x'.repeat(30) })).toBe(true);
  });

  test('re_password must equal password through $data', () => {
    expect(validate({ ...good, re_password: 'secret13' })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({
      instancePath: '/re_password', keyword: 'const', params: { allowedValue: 'secret12' },
    })]);
  });

  test('all errors are reported together', () => {
    expect(validate({ user_string: 'bad', code: '12', password: 'short', re_password: 'other', extension_code: 'a<b' })).toBe(false);
    expect(summary(validate.errors)).toEqual([
      '/code format:code6', '/extension_code noSpecialChars', '/password minLength', '/re_password const', '/user_string format:email',
    ]);
    const min = validate.errors!.find((e) => e.keyword === 'minLength')!;
    expect(min.params).toEqual({ limit: 7 });
  });

  test('required fields', () => {
    expect(validate({})).toBe(false);
    expect(summary(validate.errors)).toEqual(['/ required', '/ required', '/ required', '/ required']);
    expect(validate.errors!.map((e) => e.params.missingProperty).sort()).toEqual(['code', 'password', 're_password', 'user_string']);
  });

  test('noSpecialChars rejects each symbol and allows ordinary text', () => {
    for (const c of '`~!#$^&*()=|{}:;,[]<>/?') {
      expect(validate({ ...good, extension_code: `ab${c}` })).toBe(false);
    }
    expect(validate({ ...good, extension_code: 'a-b_c.d@e 中文' })).toBe(true);
  });

  test('noSpecialChars: false disables the check', () => {
    const v = makeAjv().compile({ type: 'string', noSpecialChars: false });
    expect(v('a<b>')).toBe(true);
  });

  test('maxTextLength counts code points and reports the limit', () => {
    expect(validate({ ...good, signature: '😀'.repeat(30) })).toBe(true);
    expect(validate({ ...good, signature: 'x'.repeat(31) })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({
      instancePath: '/signature', keyword: 'maxTextLength', params: { limit: 30 }, message: 'must NOT have more than 30 characters',
    })]);
  });

  test('maxTextLength accepts $data', () => {
    const v = makeAjv().compile({
      type: 'object', properties: { max: { type: 'number' }, text: { type: 'string', maxTextLength: { $data: '1/max' } } },
    });
    expect(v({ max: 3, text: 'abc' })).toBe(true);
    expect(v({ max: 2, text: 'abc' })).toBe(false);
    expect(v.errors?.[0]).toMatchObject({ keyword: 'maxTextLength', params: { limit: 2 } });
  });

  test('invalid keyword values are schema errors', () => {
    expect(() => makeAjv().compile({ type: 'string', noSpecialChars: 'yes' })).toThrow();
    expect(() => makeAjv().compile({ type: 'string', maxTextLength: 'ten' })).toThrow();
  });
});

describe('standalone code', () => {
  test('compiles to code that requires formats.ts and validates the same way', () => {
    const formatsPath = path.resolve(__dirname, '../../../src/shared/validators/formats');
    const ajv = registerAjv(new Ajv({
      allErrors: true, $data: true,
      code: { source: true, esm: false, formats: _`require(${formatsPath}).formats` },
    }));
    const source = standaloneCode(ajv, ajv.compile(registerSchema));
    expect(source).toContain('src/shared/validators/formats").formats.email');
    expect(source).not.toMatch(/function isEmail|isMobile/);
    const mod = new Module(path.join(__dirname, 'generated-validator.js'));
    mod.filename = path.join(__dirname, 'generated-validator.js');
    mod.paths = (Module as unknown as { _nodeModulePaths(p: string): string[] })._nodeModulePaths(__dirname);
    // Run with jest's require so the TypeScript formats module is transformed. Evaluating the generated
    // module is the point of this test:
    // eslint-disable-next-line no-new-func
    const fn = new Function('module', 'exports', 'require', source);
    fn(mod, mod.exports, require);
    const validate = mod.exports as ((d: unknown) => boolean) & { errors?: ErrorObject[] | null };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, re_password: 'x', user_string: 'bad', extension_code: '{}', signature: 'x'.repeat(31) })).toBe(false);
    expect(summary(validate.errors)).toEqual(['/extension_code noSpecialChars', '/re_password const', '/signature maxTextLength', '/user_string format:email']);
  });
});

