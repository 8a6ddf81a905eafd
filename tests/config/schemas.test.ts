/**
 * The form files (schemas/*.json) and their generated, precompiled validators.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { ENDPOINTS } from '../../src/shared/contract';
import { registerAjv } from '../../src/shared/validators/ajv';
import { formModule } from '../../src/server/configuration/compile';
import { FORM_RUNTIME_MODULES } from '../../src/shared/config/formRuntime';
import { servedForm } from '../support/forms';
import { FORM_WIDGETS } from '../../src/shared/screens/names';
import { CURRENT_FORM_VERSION } from '../../src/shared/screens/migrate';
import figures from '../../src/shared/sections/figures/schema.json';
import gate from '../../src/shared/sections/gate/schema.json';

const formNames = () => fs.readdirSync(path.join(root, 'schemas')).filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json')).map((f) => f.replace(/\.json$/, '')).sort();


const root = path.resolve(__dirname, '..', '..');
const read = (name: string) => JSON.parse(fs.readFileSync(path.join(root, 'schemas', `${name}.json`), 'utf8'));

type Validate = (data: unknown) => boolean;

describe('schemas/', () => {
  it('every form file is written at the current format version', () => {
    for (const name of formNames()) expect([name, read(name).schemaVersion]).toEqual([name, CURRENT_FORM_VERSION]);
  });

  it("a form file's sections are the figures and gate sections of the screen format (figures placed by `after`)", () => {
    const { definitions } = JSON.parse(fs.readFileSync(path.join(root, 'schemas', 'form.schema.json'), 'utf8'));
    const names = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    expect(definitions.section.properties.type.enum).toEqual(['figures', 'gate']);
    const inForm = definitions.figuresSection;
    expect(names(inForm)).toEqual([...names(figures), 'after'].sort());
    expect(inForm.required).toEqual(figures.required);
    expect(names(inForm.properties.items.items)).toEqual(names(figures.properties.items.items));
    expect(names(inForm.properties.items.items.properties.link)).toEqual(names(figures.properties.items.items.properties.link));
    expect(names(definitions.gateSection)).toEqual(names(gate));
    expect(definitions.gateSection.required).toEqual([...gate.required, 'visibleIf']); // in a form, a gate says when it holds
  });

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

describe('forms as the server serves them (src/server/configuration/compile.ts)', () => {
  it('the served module is standalone: no eval, new Function or require; only the ajv helpers the app ships', () => {
    for (const name of formNames()) {
      const code = formModule(name, read(name));
      expect(code).toMatch(new RegExp(`^// schemas/${name}\\.json`));
      expect(code).toContain('export const form =');
      expect(code).not.toMatch(/new Function|\beval\(|(?<![\w$])require\(/);
      for (const m of code.matchAll(/__require\("([^"]+)"\)/g)) expect(FORM_RUNTIME_MODULES).toContain(m[1]);
    }
  });

  it('the precompiled validators validate like the run-time compiler', () => {
    const mod = servedForm('register');
    const fns = Object.values(mod.validateFns) as Validate[];
    expect(fns.length).toBeGreaterThan(0);
    const validate = fns[0] as Validate & { errors?: { keyword: string; instancePath: string }[] };
    expect(validate({ user_string: 'a@b.co', code: '123456', password: 'secret12', re_password: 'secret12' })).toBe(true);
    expect(validate({ user_string: 'a@b.co', code: 'abcdef', password: 'secret12', re_password: 'secret13' })).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath}:${e.keyword}`).sort()).toEqual(['/code:format', '/re_password:const']);
    expect(mod.form.submit.endpoint).toBe('POST /user/register');
  });

  it('the login module validates required fields', () => {
    const validate = Object.values(servedForm('login').validateFns)[0] as Validate & { errors?: { params: { missingProperty?: string } }[] };
    expect(validate({})).toBe(false);
    expect(validate.errors?.map((e) => e.params.missingProperty).sort()).toEqual(['password', 'user_string']);
  });

  it('a validator needing an ajv helper the app does not ship is refused', () => {
    expect(() => formModule('odd', { schema: { type: 'object', properties: { a: { type: 'string', format: 'uri' } } }, submit: { endpoint: 'POST /user/login' } }))
      .toThrow();
  });
});

describe('no run-time code generation (CSP without unsafe-eval)', () => {
  const dirs = ['src/client/platform', 'src/client/runtime', 'src/client/widgets', 'src/client/forms', 'src/client/state'];
  const files = dirs.flatMap((d) => {
    const walk = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full) : /\.(t|j)sx?$/.test(e.name) ? [full] : [];
    }) : []);
    return walk(path.join(root, d));
  });

  it('the platform, runtime, widgets, forms and state use no eval, new Function or customizeValidator', () => {
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

describe('form files and the runtime agree', () => {
  const meta = JSON.parse(fs.readFileSync(path.join(root, 'schemas', 'form.schema.json'), 'utf8'));

  it('the widgets the meta-schema offers are the ones the checks and the runtime know', () => {
    expect([...meta.definitions.fieldUi.properties['ui:widget'].enum].sort()).toEqual([...FORM_WIDGETS].sort());
  });
});
