/**
 * Failures that say the database cannot be reached right now, rather than that a statement is wrong: its
 * connection broke or was ended by the server (a restart, a failover, `pg_terminate_backend`, an idle
 * timeout), it refuses connections, or the embedded database's thread is starting again. Requests that
 * meet one are answered "try again shortly" (app.ts); nothing retries the statement, which may have committed.
 */

/** The embedded database's thread is gone or starting again (db/pgliteThread.ts). */
export class DatabaseUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * PostgreSQL's SQLSTATEs of a connection that is gone or cannot be had: class 08 (connection exception),
 * the server shutting down or ending this session (57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot
 * connect now) and too many connections (53300).
 */
const SQLSTATES = /^(08...|57P0[123]|53300)$/;

/** Socket errors of a connection to the database that failed or broke. */
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** What node-postgres (pg, pg-pool) throws when a connection ended, broke or could not be made in time. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

/** Read by shape, not `instanceof Error`: socket errors are made by Node itself, in another realm under jest. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailable) return true;
  if (typeof err !== 'object' || err === null) return false;
  const { code, message, errors, cause } = err as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === 'string' && (SQLSTATES.test(code) || SOCKET_ERRORS.has(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.some((m) => message.startsWith(m))) return true;
  // `localhost` refused on both of its addresses: an AggregateError
  if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  return cause !== undefined && isDatabaseUnavailable(cause);
}
