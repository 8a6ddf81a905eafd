/**
 * The demo FAQ in every language (issue 23): a fresh install is seeded with all 11, and migration 028 gives an
 * install seeded before (en and zh only) the same texts, keeping what exists and what an operator changed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../../src/server/db/migrate';
import type { FaqEntry } from '../../src/shared/config/content';
import { SHIPPED_LANGUAGE_CODES } from '../../src/shared/i18n/languages';
import { createTestApp } from './helpers';

const databaseUrl = process.env.DATABASE_URL || undefined;
const MIGRATION = '028_faq_languages.sql';
/** The shipped questions (content/faq.json), which the migration's texts are kept equal to. */
const FAQ = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'content', 'faq.json'), 'utf8')) as { faq: FaqEntry[] }).faq;

test('a fresh install answers the FAQ in every language, each its own text', async () => {
  const t = await createTestApp();
  try {
    for (const lang of SHIPPED_LANGUAGE_CODES) {
      const { list } = (await t.call('GET /faq', { lang })).message as { list: Array<{ question: string; answer: string }> };
      expect(list.slice(0, FAQ.length).map((f) => [f.question, f.answer])).toEqual(FAQ.map((f) => [f.question[lang], f.answer[lang]]));
    }
  } finally { await t.close(); }
}, 60_000);

test('migration 028 adds the missing languages of the demo questions, keeping existing texts and operators\' questions', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  const copy = (until: (file: string) => boolean) => {
    for (const f of migrationFiles()) if (until(f)) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(dir, f));
  };
  const old = await openDatabase({ databaseUrl, memory: !databaseUrl, isolatedSchema: Boolean(databaseUrl), migrate: false });
  try {
    copy((f) => f < MIGRATION);
    await migrate(old, dir);
    // As the seed wrote it before: en and zh of each demo question.
    const ids: number[] = [];
    for (const [i, f] of FAQ.entries()) {
      const { id } = await old.db.insertInto('faqs').values({ sort: i }).returning('id').executeTakeFirstOrThrow();
      ids.push(id);
      await old.db.insertInto('faq_texts').values((['en', 'zh'] as const).map((lang) => ({ faq_id: id, lang, question: f.question[lang], answer: f.answer[lang] }))).execute();
    }
    // An operator rewrote the last question in English and wrote the first one's Persian text themselves.
    const rewritten = ids[ids.length - 1];
    await old.db.updateTable('faq_texts').set({ question: 'Lost your password?' }).where('faq_id', '=', rewritten).where('lang', '=', 'en').execute();
    await old.db.insertInto('faq_texts').values({ faq_id: ids[0], lang: 'fa', question: 'پرسش اپراتور', answer: '<p>پاسخ اپراتور</p>' }).execute();

    copy((f) => f <= MIGRATION);
    expect(await migrate(old, dir)).toEqual([MIGRATION]);

    const texts = await old.db.selectFrom('faq_texts').select(['faq_id', 'lang', 'question', 'answer']).execute();
    const of = (id: number, lang: string) => texts.find((r) => r.faq_id === id && r.lang === lang);
    for (const [i, f] of FAQ.entries()) {
      if (ids[i] === rewritten) continue;
      for (const lang of SHIPPED_LANGUAGE_CODES) {
        if (ids[i] === ids[0] && lang === 'fa') continue;
        expect([lang, of(ids[i], lang)?.question, of(ids[i], lang)?.answer]).toEqual([lang, f.question[lang], f.answer[lang]]);
      }
    }
    expect(of(ids[0], 'fa')?.question).toBe('پرسش اپراتور');
    expect(texts.filter((r) => r.faq_id === rewritten).map((r) => r.lang).sort()).toEqual(['en', 'zh']);
  } finally {
    await old.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
