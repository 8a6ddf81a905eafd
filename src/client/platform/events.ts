/**
 * A typed event emitter: how a lower layer tells a higher one what happened without importing it
 * (the request layer emits, the shell shows). Listeners run synchronously, in the order they were added.
 */
export interface Emitter<Events extends object> {
  /** Listens until the returned function is called. */
  on<K extends keyof Events>(event: K, listener: (payload: Events[K]) => void): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
}

export function createEmitter<Events extends object>(): Emitter<Events> {
  const listeners: { [K in keyof Events]?: Set<(payload: Events[K]) => void> } = {};
  return {
    on(event, listener) {
      const set = (listeners[event] ??= new Set());
      set.add(listener);
      return () => { set.delete(listener); };
    },
    emit(event, payload) {
      for (const listener of [...(listeners[event] ?? [])]) listener(payload);
    },
  };
}
