/** One idempotency key per payload: a retry reuses it, another payload or the next action gets a new one. */
import { renderHook } from '@testing-library/react';
import { useIdempotencyKey } from '../../../src/client/api/useIdempotencyKey';

test('same payload, same key; another payload or after done, a new key', () => {
  const { result } = renderHook(() => useIdempotencyKey());
  const first = result.current.keyFor({ number: '1' });
  expect(first).toMatch(/^[0-9a-f]{32}$/);
  expect(result.current.keyFor({ number: '1' })).toBe(first);
  const second = result.current.keyFor({ number: '2' });
  expect(second).not.toBe(first);
  result.current.done();
  expect(result.current.keyFor({ number: '2' })).not.toBe(second);
});
