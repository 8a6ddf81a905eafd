/** The logged-in user's profile. */
import { REAL_LEVELS, REAL_STATES } from './identity';
import { NOTIFY } from './messages';
import { bool, endpoints, fields, int, nullable, record, str, text, timestamp } from './common';
import { NICKNAME_MAX_LENGTH, NICKNAME_MIN_LENGTH, SIGNATURE_MAX_LENGTH, SIGNATURE_MIN_LENGTH } from '../validators/account';

/** One message for several rules of a field (its texts take the rules as {minLength}, {maxLength}). */
const ruleMessages = (field: string, keywords: string[], key: string): Record<string, string> =>
  Object.fromEntries(keywords.map((k) => [`${field}.${k}`, key]));

export const USER_INFO = record({
  id: int(),
  /** The login name: the email, or the mobile number of an account registered with one. */
  account_number: str(),
  email: nullable(str()),
  /** The bound mobile number (its national digits; `area_code` is its dialing code), null when none. */
  phone: nullable(str()),
  area_code: nullable(str()),
  nickname: str(),
  head_portrait: str(),
  signature: str(),
  /** The user's invitation code. */
  extension_code: str(),
  /** Credit score. */
  score: int(),
  /** VIP level (0 none). */
  level: int(),
  /** Identity verification: the overall state (see /real/state) and the level reached. */
  real_state: int({ enum: REAL_STATES }),
  real_level: int({ enum: REAL_LEVELS }),
  has_pay_password: bool,
  created_at: timestamp,
  /** Ours: which kinds of messages reach the user (Settings, Notifications). */
  notify: NOTIFY,
});

export const userEndpoints = endpoints([
  { method: 'GET', path: '/user/info', auth: true, refreshOn: ['account'], summary: 'The logged-in user', response: USER_INFO },
  {
    method: 'POST', path: '/user/editNickname', auth: true, changes: ['account'], summary: 'Change the nickname (2-10 Chinese characters, letters or digits)',
    request: fields({ nickname: str({ format: 'nickname', minLength: NICKNAME_MIN_LENGTH, maxLength: NICKNAME_MAX_LENGTH }) }, ['nickname']),
    messages: ruleMessages('nickname', ['format', 'minLength', 'maxLength'], 'userinfo.nickname.error.format'),
    response: text,
  },
  {
    method: 'POST', path: '/user/editSignature', auth: true, changes: ['account'], summary: 'Change the signature (2-30 characters)',
    request: fields({ signature: str({ format: 'signature', minLength: SIGNATURE_MIN_LENGTH, maxLength: SIGNATURE_MAX_LENGTH }) }, ['signature']),
    messages: ruleMessages('signature', ['format', 'minLength', 'maxLength'], 'userinfo.signature.error.format'),
    response: text,
  },
  {
    method: 'POST', path: '/user/uploadHeadPortrait', auth: true, changes: ['account'], summary: 'Set the avatar to an image uploaded with POST /upload',
    request: fields({ head_portrait: str({ minLength: 1, maxLength: 300 }) }, ['head_portrait']),
    response: text,
  },
  {
    method: 'POST', path: '/user/profile', auth: true, changes: ['account'],
    summary: 'Save the personal information at once (our app\'s one form: nickname, and optionally the avatar, an image uploaded with '
      + 'POST /upload, and the signature); a field not sent keeps its value, as does an empty avatar or the current one. The platform\'s app saves each with its own call above',
    request: fields({
      nickname: str({ format: 'nickname', minLength: NICKNAME_MIN_LENGTH, maxLength: NICKNAME_MAX_LENGTH }),
      head_portrait: str({ maxLength: 300 }),
      signature: str({ format: 'signature', minLength: SIGNATURE_MIN_LENGTH, maxLength: SIGNATURE_MAX_LENGTH }),
    }, ['nickname']),
    messages: {
      ...ruleMessages('nickname', ['format', 'minLength', 'maxLength'], 'userinfo.nickname.error.format'),
      ...ruleMessages('signature', ['format', 'minLength', 'maxLength'], 'userinfo.signature.error.format'),
    },
    response: text,
  },
]);
