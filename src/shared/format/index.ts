export { compact, amount, fixed, percent, group, type Rounding } from './number';
export { fiat, FIATS, FIAT_CODES, isFiatCode, type FiatCode } from './fiat';
export { datetime, countdown, toDate } from './time';
export { INVALID, toD, type DecimalInput } from './decimal';
export { maskedCard } from './mask';
