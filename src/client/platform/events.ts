/**
 * A typed event emitter: how a lower layer tells a higher one what happened without importing it
 * (the request layer emits, the shell shows), and the registry of listeners by name (an endpoint's
 * refreshes and live patches). Listeners run synchronously, in the order they were added; `emit` returns
 * what they returned (a refresh's promise, to wait for).
 */
export interface Emitter<Events extends object> {
  /** Listens until the returned function is called. */
  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => unknown): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): unknown[];
}

export function createEmitter<Events extends object>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<(payload: never) => unknown>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, set = new Set());
      set.add(listener);
      return () => { set.delete(listener); if (!set.size) listeners.delete(event); };
    },
    emit(event, payload) {
      return [...(listeners.get(event) ?? [])].map((listener) => (listener as (p: typeof payload) => unknown)(payload));
    },
  };
}
