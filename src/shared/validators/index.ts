export { isEmail } from './email';
export { isMobile } from './mobile';
export { isUrl } from './url';
export { isDate, isDateISO, isCalendarDate } from './date';
export { isNumber, isDigits, isCode, isCode6 } from './number';
export { isIdCard, idCardCheckChar } from './idcard';
export { isPlate } from './plate';
export { isAmount } from './amount';
export { isChinese, isLetters, isAlnum, contains } from './charset';
export { inRange, lengthInRange, isTextTooLong } from './range';
export { isEmpty, isJsonString, isObject, isArray } from './types';
export { isLandline } from './landline';
export {
  isPassword, passwordsMatch, isNickname, isSignature,
  PASSWORD_MIN_LENGTH, NICKNAME_MIN_LENGTH, NICKNAME_MAX_LENGTH, SIGNATURE_MIN_LENGTH, SIGNATURE_MAX_LENGTH,
} from './account';
export { SPECIAL_CHARS, SPECIAL_CHARS_PATTERN, hasSpecialChars, stripSpecialChars } from './special';
export { charLength } from './strings';
export { formats, FORMAT_NAMES, type FormatName } from './formats';
export { errorMessageKeys, PASSWORDS_INCONSISTENT, TEXT_TOO_LONG } from './messages';
// Not re-exported on purpose (they pull ajv / yup into whatever imports the index):
//   import { registerAjv } from 'src/shared/validators/ajv';
//   import { yupTests, yupRules, parseMessageRef } from 'src/shared/validators/yup';
