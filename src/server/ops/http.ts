/**
 * The operator CLI's way into a running server (`npm run ops`): /ops/commands (what the areas offer) and
 * /ops/run, answering only requests from this machine carrying the token the server wrote to
 * DATA_DIR/ops.json at start. Embedded PGlite allows one process at a time, so the CLI asks the server
 * instead of opening the database.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../context';
import { UNKNOWN_OPERATOR, type OpsCommands } from './commands';

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

export function registerOpsRoutes(app: FastifyInstance, services: Services, token: string, commands: OpsCommands): void {
  const guarded = (fn: (req: FastifyRequest) => Promise<unknown>) => async (req: FastifyRequest, reply: FastifyReply) => {
    if (!allowed(req, token)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return fn(req);
  };
  app.get('/ops/commands', guarded(async () => commands.list()));
  app.post('/ops/run', guarded(async (req) => {
    const body = (req.body ?? {}) as { command?: unknown; args?: unknown; operator?: unknown };
    const args = Array.isArray(body.args) ? body.args.map(String) : [];
    const operator = typeof body.operator === 'string' && body.operator ? body.operator : UNKNOWN_OPERATOR;
    return commands.run(services, typeof body.command === 'string' ? body.command : '', args, { operator, site: `${req.protocol}://${req.headers.host ?? req.hostname}` });
  }));
}
