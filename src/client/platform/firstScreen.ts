/**
 * "The first screen is on the page": marked once (a `performance` mark named FIRST_SCREEN_MARK, which
 * `npm run bench` reads) when the first route's screen has rendered. Work that the first screen does not
 * need, such as the realtime socket, starts after it, in idle time, so it never delays interactivity.
 */
export const FIRST_SCREEN_MARK = 'app:first-screen';

let markReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => { markReady = resolve; });
let marked = false;

export function markFirstScreen(): void {
  if (marked) return;
  marked = true;
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') performance.mark(FIRST_SCREEN_MARK);
  markReady();
}

/** Longest wait for a first screen (a start on an unknown route never renders one). */
const FIRST_SCREEN_WAIT_MS = 5000;

/** Runs `task` as soon as the first screen has rendered (or the longest wait for one has passed). */
export function onFirstScreen(task: () => void): void {
  const waited = new Promise<void>((resolve) => { setTimeout(resolve, FIRST_SCREEN_WAIT_MS); });
  void Promise.race([ready, waited]).then(task);
}

/** Runs `task` once the first screen has rendered and the browser is idle (at most `idleTimeoutMs` later). */
export function afterFirstScreen(task: () => void, idleTimeoutMs = 2000): void {
  onFirstScreen(() => {
    const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
    if (idle) idle(task, { timeout: idleTimeoutMs });
    else setTimeout(task, 0);
  });
}
