/** Accounts: registration, login, verification codes, passwords, sessions and the device list. */
import { sql } from 'kysely';
import { authEndpoints } from '../../../shared/contract/auth';
import { defineArea } from '../../area';
import { authHandlers } from './handlers';
import { endSessionsJob, sessionHandlers } from './sessions';
import { DAY_MS, HOUR_MS } from '../../kernel';

/** What other areas use: codes sent and checked, addresses, passwords. */
export { checkCode, normaliseAreaCode, resolveAddress, sendCode, type Address } from './codes';
export { hashPassword, verifyPassword } from './passwords';
export { checkPayPassword, clearPayPasswordTries, hasPayPassword, requirePayPassword, verifyPayPassword } from './payPassword';
export { findUserIdByAddress, isUniqueViolation } from './users';

/** Codes are kept a day after they expire (what was sent recently stays visible), then purged. */
const CODES_KEPT_MS = DAY_MS;

export const authArea = defineArea({
  name: 'auth',
  endpoints: authEndpoints,
  handlers: { ...authHandlers, ...sessionHandlers },
  jobs: [{
    name: 'auth.purge_codes',
    every: { everyMs: HOUR_MS, catchUp: 'latest' },
    async run({ trx, now }) {
      await trx.deleteFrom('verification_codes').where('expires_at', '<', sql<Date>`${new Date(now.getTime() - CODES_KEPT_MS)}::timestamptz`).execute();
    },
  }, endSessionsJob],
});
