/**
 * The operator CLI's way into a running server (`npm run ops`): routes under /ops/ that answer only
 * requests from this machine carrying the token the server wrote to DATA_DIR/ops.json at start. Embedded
 * PGlite allows one process at a time, so the CLI asks the server instead of opening the database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context';
import { approveDeposit, OpsError, pendingDeposits, rejectDeposit } from './deposits';
import { approveIdentity, pendingIdentity, rejectIdentity } from './kyc';
import { payWithdrawal, pendingWithdrawals, rejectWithdrawal } from './withdrawals';

export const OPS_FILE = 'ops.json';
export const OPS_TOKEN_HEADER = 'x-ops-token';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Writes where the CLI finds this server: its URL and a new token, readable by the owner only. */
export function writeOpsFile(dataDir: string, url: string, token: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, OPS_FILE);
  fs.writeFileSync(file, JSON.stringify({ url, token }), { mode: 0o600 });
}

export function newOpsToken(): string {
  return crypto.randomBytes(32).toString('hex');
}

function allowed(req: FastifyRequest, token: string): boolean {
  const given = req.headers[OPS_TOKEN_HEADER];
  if (typeof given !== 'string' || given.length !== token.length || !LOOPBACK.has(req.ip)) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

export function registerOpsRoutes(app: FastifyInstance, services: Services, token: string): void {
  const guarded = (fn: (req: FastifyRequest) => Promise<unknown>) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (!allowed(req, token)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    try {
      return { ok: true, data: await fn(req) };
    } catch (err) {
      if (err instanceof OpsError) return reply.code(409).send({ ok: false, error: err.message });
      throw err;
    }
  };
  const id = (req: FastifyRequest) => Number((req.params as { id: string }).id);
  app.get('/ops/deposits', guarded(() => pendingDeposits(services.db)));
  app.post('/ops/deposits/:id/approve', guarded(async (req) => { await approveDeposit(services.db, id(req), services.now()); return { id: id(req) }; }));
  app.post('/ops/deposits/:id/reject', guarded(async (req) => {
    const reason = String((req.body as { reason?: unknown } | undefined)?.reason ?? '');
    await rejectDeposit(services.db, id(req), reason, services.now());
    return { id: id(req) };
  }));
  app.get('/ops/withdrawals', guarded(() => pendingWithdrawals(services.db)));
  app.post('/ops/withdrawals/:id/pay', guarded(async (req) => { await payWithdrawal(services.db, id(req), services.now()); return { id: id(req) }; }));
  app.post('/ops/withdrawals/:id/reject', guarded(async (req) => {
    await rejectWithdrawal(services.db, id(req), String((req.body as { reason?: unknown } | undefined)?.reason ?? ''), services.now());
    return { id: id(req) };
  }));
  app.get('/ops/identity', guarded(() => pendingIdentity(services.db)));
  app.post('/ops/identity/:id/approve', guarded(async (req) => { await approveIdentity(services.db, id(req), services.now()); return { id: id(req) }; }));
  app.post('/ops/identity/:id/reject', guarded(async (req) => {
    await rejectIdentity(services.db, id(req), String((req.body as { reason?: unknown } | undefined)?.reason ?? ''), services.now());
    return { id: id(req) };
  }));
}
