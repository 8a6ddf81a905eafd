/**
 * Picks: a value one part of a screen offers another, by name (a price tapped in the order book, which the
 * ticket's `fill` puts into its price field). Each pick has a sequence number, so tapping the same price
 * again fills it again after the user typed over it, and a part mounted later ignores what was picked before
 * it was shown (another pair's price).
 */
import { useSyncExternalStore } from 'react';

export interface Pick { value: string; seq: number }

const picks = new Map<string, Pick>();
const listeners = new Set<() => void>();
let seq = 0;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** Offers `value` under `name` to the parts listening to it. */
export function setPick(name: string, value: string): void {
  seq += 1;
  picks.set(name, { value, seq });
  for (const listener of [...listeners]) listener();
}

/** The last pick under `name` (undefined before any). */
export function getPick(name: string): Pick | undefined {
  return picks.get(name);
}

/** The last sequence number given: a part remembers it when mounted and takes only later picks. */
export function lastPickSeq(): number {
  return seq;
}

/** The last pick under `name`, following new ones; undefined without a name. */
export function usePick(name: string | undefined): Pick | undefined {
  return useSyncExternalStore(subscribe, () => (name ? picks.get(name) : undefined), () => undefined);
}
