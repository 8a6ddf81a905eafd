/** Accounts: verification codes, registration, login, logout, password reset. */
import { areaCodeInput, arrayOf, bool, code6, endpoints, fields, id, int, record, sameAs, str, text, timestamp } from './common';

export const CODE_SCENES = ['register', 'forget', 'pay_password', 'bind_email'] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

/**
 * The scene of a code request or check that names none. The platform's password pages ask for a code with
 * `type: 'forget'` and no `scene`, and check it with no `scene`.
 */
export const DEFAULT_CODE_SCENE = 'forget' satisfies CodeScene;

/**
 * The codes POST /user/forget takes: those of the forget scene, and those of the register scene (the
 * platform's forgotten-password page asks for its code with scene 'register', for an existing account).
 */
export const FORGET_CODE_SCENES = ['forget', 'register'] as const satisfies readonly CodeScene[];

/**
 * The codes POST /safe/update_password takes, sent to the account's email: our form's (pay_password) and the
 * platform's payment password page's (it asks with `type: 'forget'`).
 */
export const PAY_PASSWORD_CODE_SCENES = ['pay_password', 'forget'] as const satisfies readonly CodeScene[];

/** `user_string` is an email by default, or a mobile number (digits) when `type` is "mobile". */
const accountRule = {
  if: { properties: { type: { const: 'mobile' } }, required: ['type'] },
  then: { properties: { user_string: str({ pattern: '^\\d{5,15}$' }) } },
  else: { properties: { user_string: str({ format: 'email' }) } },
};

const accountFields = {
  user_string: str({ minLength: 1, maxLength: 100 }),
  code: code6,
  password: str({ format: 'password', maxLength: 64 }),
  /** Must equal `password` (ajv `$data`); the message is `error.passwords_inconsistent`. */
  re_password: sameAs('password', 64),
  type: str({ enum: ['email', 'mobile'], default: 'email' }),
  area_code: areaCodeInput,
  area_code_id: id(),
};
const accountRequired = ['user_string', 'code', 'password', 're_password'] as const;

/** A live session as the device list shows it. */
const SESSION = record({ id: int(), device: str(), ip: str(), created_at: timestamp, last_used_at: timestamp, current: bool });

export const authEndpoints = endpoints([
  {
    method: 'POST', path: '/sms_mail', auth: false,
    summary: 'Send a 6-digit verification code to an email address (or mobile number) for a scene (forget when none is named). '
      + 'A register code is sent to an existing account too (the platform\'s forgotten-password page asks for one): registering refuses it',
    request: fields({
      user_string: str({ minLength: 1, maxLength: 100 }),
      scene: str({ enum: [...CODE_SCENES], default: DEFAULT_CODE_SCENE }),
      area_code_id: id(),
      area_code: areaCodeInput,
      /** The address's kind; the platform's password pages send `forget` here instead (and no scene). */
      type: str({ enum: ['email', 'mobile', 'forget'] }),
    }, ['user_string']),
    response: text,
  },
  {
    method: 'POST', path: '/user/check_email', auth: false,
    summary: 'Check a verification code without consuming it (scene forget when none is named)',
    request: fields({
      user_string: str({ minLength: 1, maxLength: 100 }),
      scene: str({ enum: [...CODE_SCENES], default: DEFAULT_CODE_SCENE }),
      email_code: code6,
      country_code: str({ maxLength: 5 }),
      area_code: areaCodeInput,
    }, ['user_string', 'email_code']),
    response: text,
  },
  {
    method: 'POST', path: '/user/register', auth: false,
    summary: 'Register with an email (default) or mobile number and the code sent for the register scene; the new '
      + 'account is logged in: `message` says it is registered (as the platform\'s app reads it) and `data` is the session '
      + 'token, as POST /user/login\'s message',
    request: fields({ ...accountFields, extension_code: str({ maxLength: 16 }) }, accountRequired, accountRule),
    confirm: 'api.register_success',
    response: str({ minLength: 20 }),
  },
  {
    method: 'POST', path: '/user/forget', auth: false,
    summary: 'Reset the login password with a code sent for the forget or the register scene; every session ends. '
      + 'The platform\'s password page sends `account` and `repassword`; its forgotten-password page an `extension_code`, ignored here',
    request: fields(accountFields, accountRequired, accountRule),
    aliases: { account: 'user_string', repassword: 're_password' },
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
  {
    method: 'POST', path: '/user/sessions', auth: true, refreshOn: ['account'],
    summary: 'The user\'s live sessions (ours): the current one first, then by last use. `device` is readable ("Chrome on Android", '
      + 'in the request\'s language) from the User-Agent at login, `ip` the address it logged in from, `last_used_at` recorded to the minute',
    response: arrayOf(SESSION),
  },
  {
    method: 'POST', path: '/user/sessions/end', auth: true, changes: ['account'],
    summary: 'End one of the user\'s sessions (ours): its token stops working at once and its sockets are disconnected; the current one logs out',
    request: fields({ id: id() }, ['id']),
    messages: { 'id.required': 'api.session.not_found', 'id.type': 'api.session.not_found', 'id.minimum': 'api.session.not_found', 'id.maximum': 'api.session.not_found' },
    response: text,
  },
  {
    method: 'POST', path: '/user/sessions/end_others', auth: true, changes: ['account'],
    summary: 'End every session of the user but the current one (ours)',
    response: text,
  },
]);
