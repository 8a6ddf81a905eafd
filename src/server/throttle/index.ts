/**
 * Throttling: counters per rule and subject (a client address, an account, a phone number) in the
 * database, or in Redis when REDIS_URL is set, so that every node counts together. Past a rule's max the
 * request is refused with HTTP 429, `Retry-After` and a localised message that says when to try again.
 * Client addresses are `request.ip`: behind a proxy, TRUST_PROXY makes them the clients' own.
 */
import { ApiError } from '../errors';
import type { Counters } from './counters';
import { LIMITS, type LimitName, type Limits } from './limits';

export { databaseCounters, redisCounters, type Counters } from './counters';
export { LIMITS, type Limit, type LimitName, type Limits } from './limits';

/** A refusal for too many attempts: answered with HTTP 429 and `Retry-After`. */
export class Throttled extends ApiError {
  constructor(readonly retryAfterSeconds: number, key = 'api.throttled') {
    super(key, { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
  }
}

export interface Throttle {
  readonly limits: Limits;
  readonly counters: Counters;
  /** Counts `n` (one attempt, or bytes) of `rule` by `subject`, and refuses once there are more than the rule allows. */
  hit(rule: LimitName, subject: string, n?: number): Promise<void>;
  /** Refuses when `subject` has already used up `rule`, without counting (failures are counted with `hit`). */
  check(rule: LimitName, subject: string): Promise<void>;
  /** Counts one of `rule` by `subject` without refusing anything (a failure already answered). */
  record(rule: LimitName, subject: string): Promise<void>;
  /** How many `subject` has in the rule's current window. */
  count(rule: LimitName, subject: string): Promise<number>;
  /** Forgets what `subject` did under `rule` (a successful login forgets the wrong passwords). */
  clear(rule: LimitName, subject: string): Promise<void>;
}

const keyOf = (rule: LimitName, subject: string) => `${rule}:${subject}`;

function retryAfter(resetAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
}

export function createThrottle(counters: Counters, now: () => Date, limits: Partial<Limits> = {}): Throttle {
  const all: Limits = { ...LIMITS, ...limits };
  return {
    limits: all,
    counters,
    async hit(rule, subject, n = 1) {
      const { max, windowMs, message } = all[rule];
      const { count, resetAt } = await counters.hit(keyOf(rule, subject), windowMs, n);
      if (count > max) throw new Throttled(retryAfter(resetAt, now()), message);
    },
    async check(rule, subject) {
      const { count, resetAt } = await counters.peek(keyOf(rule, subject));
      if (count >= all[rule].max) throw new Throttled(retryAfter(resetAt, now()), all[rule].message);
    },
    async record(rule, subject) {
      await counters.hit(keyOf(rule, subject), all[rule].windowMs);
    },
    async count(rule, subject) {
      return (await counters.peek(keyOf(rule, subject))).count;
    },
    async clear(rule, subject) {
      await counters.clear(keyOf(rule, subject));
    },
  };
}
