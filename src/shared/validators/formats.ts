/**
 * String formats for JSON Schema (`"format": "<name>"`), used by ajv on client and server.
 *
 * This module is loaded by ajv *standalone* (precompiled) validator code through
 * `code: { formats: _\`require("<path>/formats").formats\` }`, so it must stay side-effect free and each
 * entry must be a plain function of its argument (it only uses imported helpers).
 */
import { isAmount } from './amount';
import { isAlnum, isChinese, isLetters } from './charset';
import { isDateISO } from './date';
import { isEmail } from './email';
import { isIdCard } from './idcard';
import { isLandline } from './landline';
import { isMobile } from './mobile';
import { isCode6, isDigits, isNumber } from './number';
import { isNickname, isPassword, isSignature } from './account';
import { isPlate } from './plate';
import { isJsonString } from './types';
import { isUrl } from './url';

export const FORMAT_NAMES = [
  'email', 'mobile', 'url', 'date', 'number', 'digits', 'idcard', 'plate', 'amount', 'chinese', 'letters',
  'alnum', 'code6', 'json', 'landline', 'nickname', 'signature', 'password',
] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

export const formats: Record<FormatName, (s: string) => boolean> = {
  email: isEmail,
  mobile: isMobile,
  url: isUrl,
  /** Date only: YYYY-MM-DD or YYYY/MM/DD, a real calendar day. */
  date: isDateISO,
  number: isNumber,
  digits: isDigits,
  idcard: isIdCard,
  plate: isPlate,
  amount: isAmount,
  chinese: isChinese,
  letters: isLetters,
  alnum: isAlnum,
  code6: isCode6,
  json: isJsonString,
  landline: isLandline,
  nickname: isNickname,
  signature: isSignature,
  password: isPassword,
};
