/** A stand-in for the socket.io client: records emits, lets the test deliver events. Attach it with attachRooms. */
export function fakeSocket() {
  const handlers = new Map<string, Set<(d: unknown) => void>>();
  return {
    connected: true,
    emitted: [] as Array<[string, unknown]>,
    emit(event: string, data: unknown) { this.emitted.push([event, data]); },
    on(event: string, h: (d: unknown) => void) { if (!handlers.has(event)) handlers.set(event, new Set()); handlers.get(event)!.add(h); },
    off(event: string, h: (d: unknown) => void) { handlers.get(event)?.delete(h); },
    deliver(event: string, data: unknown) { for (const h of handlers.get(event) ?? []) h(data); },
  };
}
