/**
 * Reads served from memory: values loaded from a table are kept until that table changes. Changes are
 * announced by the database itself (migration 017: a trigger per table notifies `table_changes` when a
 * statement commits), so every node hears of every change, whoever made it. While the notices may have
 * been missed (the listening connection broke) nothing is kept, and everything kept is dropped.
 */
import type { Logger } from 'pino';
import type { Database } from './db';

export type WatchedTable = 'site_config' | 'auth_tokens' | 'users' | 'contract_markets';

const CHANNEL = 'table_changes';

export interface TableChanges {
  /** Whether notices are arriving (else caches must not keep anything). */
  readonly live: boolean;
  /**
   * Calls `fn` after each change of `table` with the changed row's id when the table's notices name rows
   * (users), and with none when any row may have changed or notices may have been missed.
   */
  onChange(table: WatchedTable, fn: (id?: string) => void): void;
  close(): Promise<void>;
}

export async function watchTables(database: Database, log: Logger): Promise<TableChanges> {
  const [{ schema }] = await database.script((t) => t.query<{ schema: string }>('select current_schema() as schema'));
  const handlers = new Map<string, Array<(id?: string) => void>>();
  const all = () => { for (const fns of handlers.values()) for (const fn of fns) fn(); };
  let live = true;
  const stop = await database.listen(CHANNEL, (payload) => {
    // `<schema>.<table>` or `<schema>.<table>:<id>`
    const match = /^(.*?)\.([a-z_]+)(?::(.+))?$/.exec(payload);
    if (!match || match[1] !== schema) return; // another schema on the same database (parallel tests)
    for (const fn of handlers.get(match[2]) ?? []) fn(match[3]);
  }, (listening) => {
    live = listening;
    if (!live) log.warn('table change notices interrupted: reads go to the database until they resume');
    all(); // nothing kept before or during the break is trusted
  });
  return {
    get live() { return live; },
    onChange(table, fn) {
      const fns = handlers.get(table) ?? [];
      fns.push(fn);
      handlers.set(table, fns);
    },
    close: stop,
  };
}

export interface TableCache<K, V> {
  get(key: K): Promise<V>;
  /** Drops what is kept (also done on every change of the table). */
  clear(): void;
  /** Drops one key (and keeps no value loaded meanwhile). */
  forget(key: K): void;
}

/**
 * Values of `table` by key, loaded by `load` at their first use and kept until the table changes or
 * `maxAgeMs` passes (a bound on what a lost notice could cost), at most `maxEntries` of them. Nothing is
 * kept for `undefined` (an unknown token stays a database read, and cannot fill the memory).
 */
export function tableCache<K, V>(changes: TableChanges, table: WatchedTable, load: (key: K) => Promise<V>, options: {
  maxEntries: number;
  maxAgeMs: number;
  /** The key of the row a notice names (tables whose notices name rows); else any notice drops everything. */
  keyOfRow?: (id: string) => K;
  now?: () => number;
}): TableCache<K, V> {
  const now = options.now ?? Date.now;
  const kept = new Map<K, { value: V; at: number }>();
  // A value loaded across a change may be the old one: it is only kept when no change came meanwhile.
  let generation = 0;
  const clear = () => { generation += 1; kept.clear(); };
  const forget = (key: K) => { generation += 1; kept.delete(key); };
  changes.onChange(table, (id) => (id === undefined || !options.keyOfRow ? clear() : forget(options.keyOfRow(id))));
  return {
    async get(key) {
      const hit = kept.get(key);
      if (hit && now() - hit.at < options.maxAgeMs) return hit.value;
      const seen = generation;
      const value = await load(key);
      if (value !== undefined && changes.live && seen === generation) {
        if (kept.size >= options.maxEntries) kept.delete(kept.keys().next().value as K);
        kept.set(key, { value, at: now() });
      }
      return value;
    },
    clear,
    forget,
  };
}
