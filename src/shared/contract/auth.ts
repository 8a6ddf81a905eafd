/** Accounts: verification codes, registration, login, logout, password reset. */
import { areaCodeInput, code6, endpoints, fields, id, sameAs, str, text } from './common';

export const CODE_SCENES = ['register', 'forget', 'pay_password', 'bind_email'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

/** `user_string` is an email by default, or a mobile number (digits) when `type` is "mobile". */
const accountRule = {
  if: { properties: { type: { const: 'mobile' } }, required: ['type'] },
  then: { properties: { user_string: str({ pattern: '^\\d{5,15}$' }) } },
  else: { properties: { user_string: str({ format: 'email' }) } },
};

const passwordFields = {
  password: str({ format: 'password', maxLength: 64 }),
  /** Must equal `password` (ajv `$data`); the message is `error.passwords_inconsistent`. */
  re_password: sameAs('password', 64),
};

const registerLike = fields({
  user_string: str({ minLength: 1, maxLength: 100 }),
  code: code6,
  ...passwordFields,
  extension_code: str({ maxLength: 16 }),
  type: str({ enum: ['email', 'mobile'], default: 'email' }),
  area_code: areaCodeInput,
  area_code_id: id(),
}, ['user_string', 'code', 'password', 're_password'], accountRule);

export const authEndpoints = endpoints([
  {
    method: 'POST', path: '/sms_mail', auth: false,
    summary: 'Send a 6-digit verification code to an email address (or mobile number) for a scene',
    request: fields({
      user_string: str({ minLength: 1, maxLength: 100 }),
      scene: str({ enum: [...CODE_SCENES] }),
      area_code_id: id(),
      area_code: areaCodeInput,
      type: str({ enum: ['email', 'mobile'] }),
    }, ['user_string', 'scene']),
    response: text,
  },
  {
    method: 'POST', path: '/user/check_email', auth: false,
    summary: 'Check a verification code without consuming it',
    request: fields({
      user_string: str({ minLength: 1, maxLength: 100 }),
      scene: str({ enum: [...CODE_SCENES] }),
      email_code: code6,
      country_code: str({ maxLength: 5 }),
      area_code: areaCodeInput,
    }, ['user_string', 'scene', 'email_code']),
    response: text,
  },
  {
    method: 'POST', path: '/user/register', auth: false,
    summary: 'Register with an email (default) or mobile number and a verification code',
    request: registerLike,
    response: text,
  },
  {
    method: 'POST', path: '/user/forget', auth: false,
    summary: 'Reset the login password with a verification code',
    request: registerLike,
    response: text,
  },
  {
    method: 'POST', path: '/user/login', auth: false,
    summary: 'Log in; message is the session token',
    request: fields({
      user_string: str({ minLength: 1, maxLength: 100 }),
      password: str({ minLength: 1, maxLength: 64 }),
    }, ['user_string', 'password']),
    response: str({ minLength: 20 }),
  },
  {
    method: 'GET', path: '/user/logout', auth: true,
    summary: 'Revoke the session token',
    response: text,
  },
]);
