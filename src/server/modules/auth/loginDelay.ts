/**
 * Against guessing one account's password from many addresses, each under its own (account, address) limit:
 * once the account has more wrong passwords from everywhere than the rule `wrongPasswordsPerAccount` allows,
 * every login of it waits before its check, right password or wrong (so the wait tells nothing), half a
 * second at first and twice as long for every further `max` failures, at most LOGIN_DELAY_CAP_MS. The owner
 * is slowed, never refused.
 */
const FIRST_DELAY_MS = 500;
export const LOGIN_DELAY_CAP_MS = 4000;

export function loginDelayMs(failures: number, max: number): number {
  if (failures <= max) return 0;
  const doublings = Math.floor((failures - max - 1) / max);
  return Math.min(LOGIN_DELAY_CAP_MS, FIRST_DELAY_MS * 2 ** doublings);
}

export function wait(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => { setTimeout(resolve, ms); }) : Promise.resolve();
}
