/**
 * The operator CLI's way into a running server (`npm run ops`): routes under /ops/ that answer only
 * requests from this machine carrying the token the server wrote to DATA_DIR/ops.json at start. Embedded
 * PGlite allows one process at a time, so the CLI asks the server instead of opening the database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_EVENT, BALANCE_EVENT } from '../../shared/contract/events';
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
  const reason = (req: FastifyRequest) => String((req.body as { reason?: unknown } | undefined)?.reason ?? '');
  type Table = 'deposits' | 'withdrawals' | 'identity_submissions';
  /** A decision on one item; afterwards the owner's open apps are told (private socket room) so they refresh. */
  const decide = (route: string, table: Table, event: string, act: (itemId: number, req: FastifyRequest) => Promise<void>) => {
    app.post(route, guarded(async (req) => {
      const itemId = id(req);
      await act(itemId, req);
      const row = await services.db.selectFrom(table).select('user_id').where('id', '=', itemId).executeTakeFirst();
      if (row) services.realtime.toUser(row.user_id, event, {});
      return { id: itemId };
    }));
  };
  app.get('/ops/deposits', guarded(() => pendingDeposits(services.db)));
  decide('/ops/deposits/:id/approve', 'deposits', BALANCE_EVENT, (i) => approveDeposit(services.db, i, services.now()));
  decide('/ops/deposits/:id/reject', 'deposits', BALANCE_EVENT, (i, req) => rejectDeposit(services.db, i, reason(req), services.now()));
  app.get('/ops/withdrawals', guarded(() => pendingWithdrawals(services.db)));
  decide('/ops/withdrawals/:id/pay', 'withdrawals', BALANCE_EVENT, (i) => payWithdrawal(services.db, i, services.now()));
  decide('/ops/withdrawals/:id/reject', 'withdrawals', BALANCE_EVENT, (i, req) => rejectWithdrawal(services.db, i, reason(req), services.now()));
  app.get('/ops/identity', guarded(() => pendingIdentity(services.db)));
  decide('/ops/identity/:id/approve', 'identity_submissions', ACCOUNT_EVENT, (i) => approveIdentity(services.db, i, services.now()));
  decide('/ops/identity/:id/reject', 'identity_submissions', ACCOUNT_EVENT, (i, req) => rejectIdentity(services.db, i, reason(req), services.now()));
  app.get('/ops/config', guarded(async () => services.configuration.status()));
  app.post('/ops/config/reload', guarded(async () => services.configuration.reload()));
}
