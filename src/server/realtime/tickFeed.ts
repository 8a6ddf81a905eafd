/**
 * A private live feed (DESIGN.md "Real time"): after each market tick, `push` serves the users connected to this
 * node (their private rooms). It starts when the first user joins their room, so no market is opened before;
 * a tick that arrives while the previous one is still being served is skipped. Each node serves only its own
 * sockets (`io.local` in `push`), so nodes behind a shared adapter never send a user one twice.
 */
import type { Services } from '../context';
import type { MarketEngine } from '../market';
import { userOfRoom } from './sessions';

/** The users with a socket on this node. */
export function connectedUsers(services: Services): number[] {
  const users: number[] = [];
  for (const name of services.realtime.io.sockets.adapter.rooms.keys()) {
    const id = userOfRoom(name);
    if (id !== undefined) users.push(id);
  }
  return users;
}

/** Users per query when a feed reads their rows (bounded parameter lists). */
const CHUNK = 1000;

/** The rows `read` gives for `users`, asked CHUNK users at a time, grouped by user in the order read. */
export async function rowsByUser<R extends { user_id: number }>(users: readonly number[], read: (chunk: number[]) => Promise<R[]>): Promise<Map<number, R[]>> {
  const byUser = new Map<number, R[]>();
  for (let i = 0; i < users.length; i += CHUNK) {
    for (const row of await read(users.slice(i, i + CHUNK))) {
      const list = byUser.get(row.user_id);
      if (list) list.push(row);
      else byUser.set(row.user_id, [row]);
    }
  }
  return byUser;
}

export function attachTickFeed(services: Services, name: string, push: (engine: MarketEngine, users: number[]) => Promise<unknown>): void {
  const { adapter } = services.realtime.io.sockets;
  let started = false;
  let busy = false;
  const onJoin = (room: string) => {
    if (started || userOfRoom(room) === undefined) return;
    started = true;
    adapter.off('join-room', onJoin);
    services.market().then((engine) => {
      engine.onTick(() => {
        if (busy) return;
        const users = connectedUsers(services);
        if (!users.length) return;
        busy = true;
        push(engine, users)
          .catch((err: unknown) => { services.log.error({ err }, `${name} feed failed`); })
          .finally(() => { busy = false; });
      });
    }).catch((err: unknown) => {
      services.log.error({ err }, `${name} feed could not open the market: the next user who joins tries again`);
      started = false;
      adapter.on('join-room', onJoin);
    });
  };
  adapter.on('join-room', onJoin);
}
