/**
 * What the sections of a tabs section remember across tab switches (the sort chosen on a column header
 * applies to every tab, as on the market tab). Outside tabs it is ordinary component state.
 */
import { createContext, useCallback, useContext, useState } from 'react';

export type TabsMemory = Map<string, unknown>;
export const TabsMemoryContext = createContext<TabsMemory | null>(null);

export function useTabsMemory<T>(key: string, initial: T): [T, (value: T) => void] {
  const memory = useContext(TabsMemoryContext);
  const [value, setValue] = useState<T>(() => (memory?.has(key) ? (memory.get(key) as T) : initial));
  const set = useCallback((v: T) => {
    memory?.set(key, v);
    setValue(v);
  }, [memory, key]);
  return [value, set];
}
