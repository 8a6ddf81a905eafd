/** How long to wait before the `attempt`th try (from 1) to reach a peer again: doubling from `firstMs`, at most `maxMs`. */
export function backoffMs(attempt: number, firstMs = 500, maxMs = 5000): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}
