/**
 * Idempotent first-start data: each area's own (its `seed`: site settings, content, chains, pairs, products;
 * the data under seeddata/), then the demo account. Rows that exist are left alone, so operators' edits
 * survive restarts.
 */
import crypto from 'node:crypto';
import type { Services } from './context';
import { ACCOUNT_TYPES, post } from './ledger';
import { USDT_ID } from './market/currencies';
import { hashPassword } from './modules/auth/passwords';
import { uniqueInvitationCode } from './modules/auth/users';

export interface SeedOptions {
  /** Create the demo account (default true). */
  demo?: boolean;
  /** The demo password; default DEMO_PASSWORD or a random one (printed in the log). */
  demoPassword?: string;
}

export const DEMO_EMAIL = 'demo@example.com';

export async function seed(services: Services, options: SeedOptions = {}): Promise<void> {
  // Each area's first-start data, in the areas' order (areas.ts): site settings before content, pairs before products.
  for (const area of services.areas) await area.seed?.(services);

  if (options.demo !== false) await seedDemoAccount(services, options.demoPassword ?? process.env.DEMO_PASSWORD);
}

async function seedDemoAccount(services: Services, fixedPassword: string | undefined): Promise<void> {
  const { db, log } = services;
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirst();
  if (existing && !fixedPassword) {
    log.info({ email: DEMO_EMAIL }, 'demo account exists (its password was printed at first start; set DEMO_PASSWORD to reset it)');
    return;
  }
  const password = fixedPassword || `Demo-${crypto.randomBytes(6).toString('base64url')}`;
  const hash = await hashPassword(password);
  if (existing) {
    await db.updateTable('users').set({ password_hash: hash }).where('id', '=', existing.id).execute();
  } else {
    await db.transaction().execute(async (trx) => {
      const user = await trx.insertInto('users').values({
        username: DEMO_EMAIL, email: DEMO_EMAIL, password_hash: hash, nickname: 'Demo',
        extension_code: await uniqueInvitationCode(trx), parent_id: null,
      }).returning('id').executeTakeFirstOrThrow();
      // A funded demo account (DESIGN): 10,000 USDT and 0.5 BTC in the spot account, deposited like any other money.
      for (const [currency, amount] of [[USDT_ID, '10000'], [1, '0.5']] as const) {
        await post(trx, {
          cause: 'seed.demo', ref: DEMO_EMAIL,
          legs: [{ account: { platform: 'outside', currency }, amount: `-${amount}` }, { account: { user: user.id, currency, type: ACCOUNT_TYPES.change }, amount }],
        });
      }
    });
  }
  log.info({ email: DEMO_EMAIL, password }, `demo account: ${DEMO_EMAIL} / ${password}`);
}
