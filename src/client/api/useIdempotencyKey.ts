/**
 * One Idempotency-Key per user action (money-moving endpoints): sending the same payload again, a retry
 * after a lost answer, reuses the key; a changed payload, or the next action after a success, gets a new one.
 */
import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from './request';

export function useIdempotencyKey(): { keyFor(payload: unknown): string; done(): void } {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return useMemo(() => ({
    keyFor(payload: unknown): string {
      const body = JSON.stringify(payload);
      if (attempt.current?.body !== body) attempt.current = { body, key: newIdempotencyKey() };
      return attempt.current.key;
    },
    done(): void { attempt.current = null; },
  }), []);
}
