/**
 * Public market rooms on the real-time socket (DESIGN "Real time"): `useRoom('tickers', 'tickers', fn)`.
 * Rooms are reference-counted: the first listener subscribes, the last one unsubscribes, and every room
 * with listeners is subscribed again after a reconnect. Listeners may register before the socket exists
 * (it connects after the first screen); they are attached when it does.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';

type Handler = (data: unknown) => void;
interface Room { event: string; handlers: Set<Handler> }

const rooms = new Map<string, Room>();
let current: Socket | null = null;

function dispatchTo(room: Room) {
  return (data: unknown) => { for (const h of room.handlers) h(data); };
}
const dispatchers = new Map<string, (data: unknown) => void>();

function join(socket: Socket, name: string, room: Room): void {
  if (!dispatchers.has(name)) {
    const d = dispatchTo(room);
    dispatchers.set(name, d);
    socket.on(room.event, d);
  }
  if (socket.connected) socket.emit('subscribe', name);
}

function leave(socket: Socket, name: string, room: Room): void {
  const d = dispatchers.get(name);
  if (d) socket.off(room.event, d);
  dispatchers.delete(name);
  if (socket.connected) socket.emit('unsubscribe', name);
}

/**
 * Whether live data is flowing: `staleSince` is when the socket dropped (null while connected and before
 * the first connection), `reconnects` how many times it came back after a drop.
 */
export interface LiveStatus { connected: boolean; staleSince: number | null; reconnects: number }
let status: LiveStatus = { connected: false, staleSince: null, reconnects: 0 };
const statusListeners = new Set<() => void>();
function setStatus(next: LiveStatus): void {
  status = next;
  for (const l of statusListeners) l();
}

/** React: the socket's status, for "prices are not live" notices and re-fetching after a reconnect. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => { statusListeners.add(l); return () => statusListeners.delete(l); },
    () => status,
    () => status,
  );
}

/** Called by socket.ts when the socket is created: attaches the rooms registered so far. */
export function attachRooms(socket: Socket): void {
  current = socket;
  socket.on('connect', () => {
    for (const name of rooms.keys()) socket.emit('subscribe', name);
    setStatus({ connected: true, staleSince: null, reconnects: status.staleSince === null ? status.reconnects : status.reconnects + 1 });
  });
  socket.on('disconnect', () => { setStatus({ ...status, connected: false, staleSince: Date.now() }); });
  for (const [name, room] of rooms) join(socket, name, room);
}

/** Listens to `event` of room `name` until the returned function is called. */
export function subscribeRoom(name: string, event: string, handler: Handler): () => void {
  let room = rooms.get(name);
  if (!room) {
    room = { event, handlers: new Set() };
    rooms.set(name, room);
    if (current) join(current, name, room);
  }
  room.handlers.add(handler);
  return () => {
    const r = rooms.get(name);
    if (!r) return;
    r.handlers.delete(handler);
    if (r.handlers.size) return;
    rooms.delete(name);
    if (current) leave(current, name, r);
  };
}

/** React: listens to a room while mounted; the latest `handler` is always called. */
export function useRoom<T>(name: string | null, event: string, handler: (data: T) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!name) return undefined;
    return subscribeRoom(name, event, (data) => latest.current(data as T));
  }, [name, event]);
}
