/**
 * The form files (schemas/*.json) and their generated, precompiled validators.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { ENDPOINTS } from '../../src/shared/contract';
import { registerAjv } from '../../src/shared/validators/ajv';
import { FORMS_OUT_DIR, formNames, generateFormModule, generateForms, toEsm } from '../../scripts/gen/forms';


const root = path.resolve(__dirname, '..', '..');
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(root, 'schemas', `${name}.json`), 'utf8'));

type Validate = (data: unknown) => boolean;

describe('schemas/', () => {
  it('has the forms of this issue, each with a known submit endpoint', () => {
    expect(formNames()).toEqual(expect.arrayContaining(['login', 'register', 'forget']));
    for (const name of formNames()) {
      const form = read(name);
      expect(Object.keys(ENDPOINTS)).toContain(form.submit.endpoint);
    }
  });

  it('each form schema compiles with the shared formats and keywords', () => {
    for (const name of formNames()) {
      const ajv = registerAjv(new Ajv({ $data: true, allErrors: true, strict: false }));
      expect(() => ajv.compile(read(name).schema)).not.toThrow();
    }
  });

  it('register: required fields, email, 6-digit code, password > 6, passwords must match', () => {
    const ajv = registerAjv(new Ajv({ $data: true, allErrors: true, strict: false }));
    const validate = ajv.compile(read('register').schema);
    const ok = { user_string: 'a@b.co', code: '123456', password: 'secret12', re_password: 'secret12' };
    expect(validate(ok)).toBe(true);
    expect(validate({ ...ok, extension_code: 'ABC' })).toBe(true);
    expect(validate({ ...ok, re_password: 'other123' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'const', instancePath: '/re_password' });
    expect(validate({ ...ok, code: '12345' })).toBe(false);
    expect(validate({ ...ok, user_string: 'nope' })).toBe(false);
    expect(validate({ ...ok, password: 'short', re_password: 'short' })).toBe(false);
    expect(read('register').messages['re_password.const']).toBe('error.passwords_inconsistent');
  });
});

describe('scripts/gen/forms.ts', () => {
  beforeAll(async () => { await generateForms(); });

  it('writes one module per form', () => {
    for (const name of formNames()) expect(fs.existsSync(path.join(FORMS_OUT_DIR, `${name}.ts`))).toBe(true);
  });

  it('the generated code is standalone: ESM imports, no eval / new Function / require', () => {
    const code = generateFormModule('register', read('register'));
    expect(code).toContain('export const form =');
    expect(code).toContain('as const');
    expect(code).toContain('FromSchema<typeof typingSchema>');
    expect(code).toContain("from '../../shared/validators/formats'");
    expect(code).not.toMatch(/new Function|\beval\(|require\(/);
  });

  it('rewrites CommonJS requires to imports', () => {
    const { imports, body } = toEsm('"use strict";exports["x"] = v;const a = require("ajv/dist/runtime/equal").default;const b = require("ajv/dist/runtime/equal");');
    expect(imports).toEqual(['import * as __r0 from "ajv/dist/runtime/equal";']);
    expect(body).toBe('__fns["x"] = v;const a = __r0.default;const b = __r0;');
  });

  it('the generated validators validate like the runtime compiler', async () => {
    const mod = await import('../../src/generated/forms/register');
    const fns = Object.values(mod.validateFns) as Validate[];
    expect(fns.length).toBeGreaterThan(0);
    const validate = fns[0] as Validate & { errors?: { keyword: string; instancePath: string }[] };
    expect(validate({ user_string: 'a@b.co', code: '123456', password: 'secret12', re_password: 'secret12' })).toBe(true);
    expect(validate({ user_string: 'a@b.co', code: 'abcdef', password: 'secret12', re_password: 'secret13' })).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath}:${e.keyword}`).sort()).toEqual(['/code:format', '/re_password:const']);
    expect(mod.form.submit.endpoint).toBe('POST /user/register');
  });

  it('the login module validates required fields', async () => {
    const mod = await import('../../src/generated/forms/login');
    const validate = Object.values(mod.validateFns)[0] as Validate & { errors?: { params: { missingProperty?: string } }[] };
    expect(validate({})).toBe(false);
    expect(validate.errors?.map((e) => e.params.missingProperty).sort()).toEqual(['password', 'user_string']);
  });
});

describe('no run-time code generation (CSP without unsafe-eval)', () => {
  const dirs = ['src/client/runtime', 'src/client/widgets', 'src/client/forms', 'src/generated/forms'];
  const files = dirs.flatMap((d) => {
    const walk = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full) : /\.(t|j)sx?$/.test(e.name) ? [full] : [];
    }) : []);
    return walk(path.join(root, d));
  });

  it('the runtime, widgets, forms and generated validators use no eval, new Function or customizeValidator', () => {
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.filter((f) => {
      const code = fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return /new Function\s*\(|\beval\s*\(|customizeValidator\s*\(|\bwith\s*\(/.test(code);
    });
    expect(offenders.map((f) => path.relative(root, f))).toEqual([]);
  });

  it('SchemaForm validates with createPrecompiledValidator', () => {
    const src = fs.readFileSync(path.join(root, 'src/client/forms/SchemaForm.tsx'), 'utf8');
    expect(src).toMatch(/createPrecompiledValidator\(/);
  });
});
