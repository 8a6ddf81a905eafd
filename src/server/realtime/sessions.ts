/**
 * Private sessions on the socket: a socket that connects with `auth: { token }` is checked against the
 * database on every (re)connection and, when the token is live, joins its user's room `user:<id>`. When
 * tokens are revoked (logout, password reset), `disconnectUser` closes the sockets they authenticated, on
 * this node and, through the cluster (cluster.ts), on every other one before it returns.
 *
 * The platform's app announces its user with `login` and a bare user id. Anyone can send any id, so it is
 * accepted (acknowledged when asked, the socket stays connected) and changes nothing: only a token opens a
 * private room.
 */
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { sha256 } from '../sessions';
import type { Cluster } from './cluster';

export const userRoom = (id: number): string => `user:${id}`;

/** The user of a private room's name, or undefined for any other room. */
export function userOfRoom(name: string): number | undefined {
  if (!name.startsWith('user:')) return undefined;
  const id = Number(name.slice(5));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** What an authenticated socket keeps in `socket.data`. */
export interface SessionData {
  userId?: number;
  /** sha256 of the token, as stored in auth_tokens. */
  tokenHash?: string;
}

export interface Sessions {
  /**
   * Disconnects the user's sockets authenticated with the token of this hash, or all of them without one, on
   * every node. Call it after the revocation is committed.
   */
  disconnectUser(userId: number, tokenHash?: string): Promise<void>;
}

/** Authentications that keep overlapping revocations give up (the socket stays anonymous) after this many checks. */
const MAX_CHECKS = 3;

/** The request that tells the other nodes of a revocation (cluster.ts). */
const REVOKE = 'sessions:revoke';

function handshakeToken(socket: Socket): string {
  const raw = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
  return typeof raw === 'string' ? raw.replace(/^Bearer\s+/i, '').trim() : '';
}

export function attachSessions(io: Server, cluster: Cluster, options: {
  log: Logger;
  /** Resolves a raw session token to a user id, or undefined when it is unknown or revoked. */
  resolveToken(token: string): Promise<number | undefined>;
}): Sessions {
  /*
   * A token may be revoked while its socket is being checked: the check read it as live, and the revocation's
   * disconnect ran before the socket joined its room, so it found nothing. Every revocation, made here or
   * told by another node, bumps this counter; a check that saw it change reads the token again before
   * joining. (A revocation's notice reaches every node after its commit, so a check on any node either reads
   * the token after the commit, or sees the counter move, or has joined before the notice closes its room.)
   */
  let revocations = 0;

  /** This node's part of a revocation: answers how many sockets it closed. */
  function revokeHere(userId: number, tokenHash: string | undefined): number {
    revocations++;
    let closed = 0;
    for (const id of [...(io.sockets.adapter.rooms.get(userRoom(userId)) ?? [])]) {
      const socket = io.sockets.sockets.get(id);
      if (!socket || (tokenHash !== undefined && (socket.data as SessionData).tokenHash !== tokenHash)) continue;
      socket.disconnect(true);
      closed++;
    }
    return closed;
  }
  cluster.answer(REVOKE, (userId, tokenHash) => revokeHere(Number(userId), typeof tokenHash === 'string' ? tokenHash : undefined));

  async function authenticate(socket: Socket): Promise<void> {
    const token = handshakeToken(socket);
    if (!token) return;
    for (let check = 0; check < MAX_CHECKS; check++) {
      const seen = revocations;
      const userId = await options.resolveToken(token);
      if (userId === undefined || !socket.connected) return;
      if (seen !== revocations) continue;
      const data: SessionData = { userId, tokenHash: sha256(token) };
      Object.assign(socket.data, data);
      // The adapter (in-memory or Redis, whose local rooms are the same) adds the socket to the room before
      // join() returns, with no await in between.
      await socket.join(userRoom(userId));
      socket.emit('session', { user_id: userId });
      return;
    }
  }

  io.on('connection', (socket: Socket) => {
    socket.on('login', (_userId: unknown, ack?: unknown) => { if (typeof ack === 'function') ack({ ok: true }); });
    authenticate(socket).catch((err: unknown) => { options.log.error({ err }, 'socket authentication failed'); });
  });

  return {
    async disconnectUser(userId, tokenHash) {
      revokeHere(userId, tokenHash);
      try {
        await cluster.ask(REVOKE, userId, tokenHash ?? null);
      } catch (err) {
        options.log.error({ err, userId }, 'disconnecting a revoked session on the other nodes failed');
      }
    },
  };
}
