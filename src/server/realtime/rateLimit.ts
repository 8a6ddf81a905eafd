/**
 * Budgets for what one socket may send. Room messages (`subscribe`, `unsubscribe`): 20 at once, then 10 a
 * second; a message over budget is refused and changes nothing. Refusals have their own budget of 100,
 * also refilled at 10 a second: a socket past it is abusive and is disconnected. So a burst of 200
 * messages gets 20 served, 100 refused, and the socket closed; a steady 20 a second is half refused
 * but tolerated; a steady 30 a second is closed after about 10 seconds.
 */

export const ROOM_MESSAGES = { burst: 20, perSecond: 10 } as const;
export const ROOM_REFUSALS = { burst: 100, perSecond: 10 } as const;

/** Holds up to `burst` tokens, refilled continuously at `perSecond`; each take costs one. */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(private readonly budget: { burst: number; perSecond: number }, private readonly now: () => number) {
    this.tokens = budget.burst;
    this.at = now();
  }

  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.budget.burst, this.tokens + (Math.max(0, t - this.at) / 1000) * this.budget.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export type Verdict = 'serve' | 'refuse' | 'disconnect';

/** One socket's limiter of room messages: call it once per message. */
export function roomMessageLimiter(now: () => number): () => Verdict {
  const messages = new TokenBucket(ROOM_MESSAGES, now);
  const refusals = new TokenBucket(ROOM_REFUSALS, now);
  return () => (messages.take() ? 'serve' : refusals.take() ? 'refuse' : 'disconnect');
}
