/**
 * Idempotent first-start data: site configuration, settings, dialing codes, fiat rates, articles, banners
 * (SVG files written under DATA_DIR/uploads), FAQ, pages, the service menu and the demo account.
 * Rows that exist are left alone, so operators' edits survive restarts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Services } from './context';
import { ACCOUNT_TYPES, post } from './ledger';
import { CURRENCIES, USDT_ID } from './market/currencies';
import { hashPassword } from './modules/auth/passwords';
import { uniqueInvitationCode } from './modules/auth/users';
import { seedDual } from './modules/dual/seed';
import { seedIeo } from './modules/ieo/seed';
import { seedMining } from './modules/mining/seed';
import { seedTrading } from './modules/trading/seed';
import { AREA_CODES, FIAT_RATES } from './seeddata/areaCodes';
import { CHAINS } from './seeddata/chains';
import { ARTICLES, BANNERS, bannerSvg, FAQ, logoSvg, MENU, PAGES, SETTINGS, SITE_CONFIG } from './seeddata/content';

export interface SeedOptions {
  /** Create the demo account (default true). */
  demo?: boolean;
  /** The demo password; default DEMO_PASSWORD or a random one (printed in the log). */
  demoPassword?: string;
}

export const DEMO_EMAIL = 'demo@example.com';

export async function seed(services: Services, options: SeedOptions = {}): Promise<void> {
  const { db } = services;

  writeFileOnce(path.join(services.uploadsDir, 'logo.svg'), logoSvg(64));
  writeFileOnce(path.join(services.uploadsDir, 'logo-download.svg'), logoSvg(128));
  for (const b of BANNERS) writeFileOnce(path.join(services.uploadsDir, b.file), bannerSvg(b));

  await db.insertInto('site_config').values(Object.entries(SITE_CONFIG).map(([key, value]) => ({ key, value })))
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  await db.insertInto('settings').values(SETTINGS).onConflict((oc) => oc.columns(['keyword', 'lang']).doNothing()).execute();
  await db.insertInto('area_codes').values(AREA_CODES.map(([name, area_code, iso], i) => ({ name, area_code, iso, sort: i })))
    .onConflict((oc) => oc.column('iso').doNothing()).execute();
  await db.insertInto('fiat_rates').values(FIAT_RATES.map(([currency_code, rate], i) => ({ currency_code, rate, sort: i })))
    .onConflict((oc) => oc.column('currency_code').doNothing()).execute();
  const currencyId = new Map(CURRENCIES.map((c) => [c.name, c.id]));
  await db.insertInto('currency_chains').values(CHAINS.map(([name, chain, deposit_address, deposit_min, withdraw_min, withdraw_fee], i) => ({
    currency_id: currencyId.get(name)!, chain, deposit_address, deposit_min, withdraw_min, withdraw_fee, sort: i,
  }))).onConflict((oc) => oc.columns(['currency_id', 'chain']).doNothing()).execute();
  await db.insertInto('menu_items').values(MENU.map((m, i) => ({ ...m, sort: i * 10 })))
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  for (const [slug, texts] of Object.entries(PAGES)) {
    await db.insertInto('pages').values([
      { slug, lang: 'en', ...texts.en }, { slug, lang: 'zh', ...texts.zh },
    ]).onConflict((oc) => oc.columns(['slug', 'lang']).doNothing()).execute();
  }

  await seedTrading(db);
  await seedMining(db);
  await seedDual(db, services.now());
  await seedIeo(db, services.now(), services.uploadsDir);

  const hasArticles = await db.selectFrom('articles').select('id').limit(1).executeTakeFirst();
  if (!hasArticles) {
    const now = services.now().getTime();
    await db.transaction().execute(async (trx) => {
      for (const a of ARTICLES) {
        const { id } = await trx.insertInto('articles').values({
          c_id: a.c_id, thumbnail: a.thumbnail, is_pop: a.is_pop ?? false, sort: a.sort,
          created_at: new Date(now - a.daysAgo * 86_400_000),
        }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('article_texts').values((['en', 'zh'] as const).map((lang) => ({
          article_id: id, lang, title: a.title[lang], summary: a.summary[lang], content: a.content[lang],
        }))).execute();
      }
    });
  }

  const hasFaq = await db.selectFrom('faqs').select('id').limit(1).executeTakeFirst();
  if (!hasFaq) {
    await db.transaction().execute(async (trx) => {
      for (const [i, f] of FAQ.entries()) {
        const { id } = await trx.insertInto('faqs').values({ sort: i }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('faq_texts').values((['en', 'zh'] as const).map((lang) => ({
          faq_id: id, lang, question: f.question[lang], answer: f.answer[lang],
        }))).execute();
      }
    });
  }

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

function writeFileOnce(file: string, content: string): void {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}
