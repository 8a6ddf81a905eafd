/**
 * A pattern that backtracks catastrophically in RegExp (`^(a|aa)+$`, issue 24) put in a form by an operator:
 * the API and the app's precompiled validator run it with the linear-time matcher, so a long text that does
 * not match is an ordinary validation refusal; the app and the API agree on every answer.
 */
import fs from 'node:fs';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { copyConfig, createTestApp, editJson, type TestApp } from './helpers';
import { readForm, servedForm } from '../support/forms';

const ATTACK_PATTERN = '^(a|aa)+$';
const attack = (length: number) => `${'a'.repeat(length - 1)}!`;

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = copyConfig();
  editJson(dir, 'schemas/register.json', (form) => {
    form.schema.properties.password.pattern = ATTACK_PATTERN;
    form.schema.properties.password.maxLength = 5000;
  });
  t = await createTestApp({ configDir: dir });
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function register(email: string, password: string) {
  await t.call('POST /sms_mail', { user_string: email, scene: 'register' });
  const code = await t.lastCode(email);
  const res = await t.app.inject({
    method: 'POST', url: '/api/user/register', headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ user_string: email, code, password, re_password: password }),
  });
  return { status: res.statusCode, body: res.json() as { type: string; message: string } };
}

// 64 is the longest password the contract lets through to the form's rules
test.each([41, 64])('register with a %i-character password that does not match is the pattern refusal, no account', async (length) => {
  const email = `attack${length}@example.com`;
  const answer = await register(email, attack(length));
  expect(answer.status).toBeLessThan(500);
  expect(answer.body).toEqual({ type: 'error', message: 'The format is incorrect' });
  expect((await t.call('POST /user/login', { user_string: email, password: attack(length) })).type).toBe('error');
  expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
});

test('a password the pattern accepts registers', async () => {
  const answer = await register('fits@example.com', 'a'.repeat(64));
  expect(answer.body.type).toBe('ok');
});

test("the app's precompiled validator runs the same matcher (no contract limit there: 4,100 characters)", () => {
  const form = readForm('register', `${dir}/schemas`);
  const schema = form.schema as never;
  const validator = createPrecompiledValidator(servedForm('register', form).validateFns as never, schema);
  const errorsOf = (password: string) => validator.validateFormData({ user_string: 'a@b.co', code: '123456', password, re_password: password }, schema).errors;
  expect(errorsOf(attack(4100)).map((e) => e.name)).toEqual(['pattern']);
  expect(errorsOf('a'.repeat(4100))).toEqual([]);
});
