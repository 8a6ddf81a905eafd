/**
 * What every area builds on: currencies and decimals from requests and into answers, lengths of time, paged
 * lists, and the loop of the jobs that settle users' money. It imports no area.
 */
export { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../shared/domain/time';
export { forEachDue, tellUser } from './dueWork';
export { countRows, pageOf, pageParams, type Page } from './paging';
export { currencyById, decimalInput, isoOrNull, plain, plainOrNull } from './values';
