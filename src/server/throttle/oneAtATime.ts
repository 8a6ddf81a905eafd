/**
 * Runs the calls of one key one after another on this node (calls of other keys run alongside): a check
 * that reads a counter and a count made after it cannot be overtaken by a second call of the same key.
 */
export function oneAtATime(): <T>(key: string, fn: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return async (key, fn) => {
    const mine = (tails.get(key) ?? Promise.resolve()).then(fn);
    const tail = mine.catch(() => undefined);
    tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
