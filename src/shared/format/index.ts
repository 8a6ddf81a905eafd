export { compact, amount, fixed, percent, rate, group, signed, groupedAmount, type Rounding } from './number';
export { localize, numberMarks, regionName, sameNumber } from './locale';
export { fiat, FIATS, FIAT_CODES, isFiatCode, type FiatCode } from './fiat';
export { datetime, countdown, toDate } from './time';
export { INVALID, toD, type DecimalInput } from './decimal';
export { maskedCard } from './mask';
