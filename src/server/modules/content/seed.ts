/** The menu, pages, banners, articles and FAQ on the first start (rows that exist are kept; articles and FAQ only into empty tables). */
import type { Services } from '../../context';
import { DAY_MS } from '../../kernel';
import { SHIPPED_LANGUAGES, SHIPPED_LANGUAGE_CODES } from '../../../shared/i18n/languages';
import { MENU, PAGES, SITE_NAME } from '../../seeddata/content';
import { FAQ } from '../../seeddata/faq';
import { ARTICLES, BANNERS, bannerFile, bannerSvg } from '../../seeddata/news';
import { writeFileOnce } from '../../seeddata/files';

export async function seedContent(services: Services): Promise<void> {
  const { db } = services;
  for (const b of BANNERS) {
    for (const { code, dir } of SHIPPED_LANGUAGES) writeFileOnce(services.uploadsDir, bannerFile(b, code), bannerSvg(b, code, dir === 'rtl'));
  }
  await db.insertInto('menu_items').values(MENU.map((m, i) => ({ ...m, sort: i * 10 })))
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  for (const [slug, texts] of Object.entries(PAGES)) {
    await db.insertInto('pages').values(Object.entries(texts).map(([lang, text]) => ({ slug, lang, ...text })))
      .onConflict((oc) => oc.columns(['slug', 'lang']).doNothing()).execute();
  }

  const hasArticles = await db.selectFrom('articles').select('id').limit(1).executeTakeFirst();
  if (!hasArticles) {
    const now = services.now().getTime();
    await db.transaction().execute(async (trx) => {
      for (const a of ARTICLES) {
        const { id } = await trx.insertInto('articles').values({
          c_id: a.c_id, thumbnail: a.thumbnail, is_pop: a.is_pop ?? false, sort: a.sort,
          created_at: new Date(now - a.daysAgo * DAY_MS),
        }).returning('id').executeTakeFirstOrThrow();
        const site = (text: string) => text.replaceAll('{site}', SITE_NAME);
        await trx.insertInto('article_texts').values(SHIPPED_LANGUAGE_CODES.map((lang) => ({
          article_id: id, lang, title: site(a.title[lang]), summary: site(a.summary[lang]), content: site(a.content[lang]),
          thumbnail: a.banner && lang !== 'en' ? `/uploads/${bannerFile(a.banner, lang)}` : '',
        }))).execute();
      }
    });
  }

  const hasFaq = await db.selectFrom('faqs').select('id').limit(1).executeTakeFirst();
  if (!hasFaq) {
    await db.transaction().execute(async (trx) => {
      for (const [i, f] of FAQ.entries()) {
        const { id } = await trx.insertInto('faqs').values({ sort: i }).returning('id').executeTakeFirstOrThrow();
        await trx.insertInto('faq_texts').values(SHIPPED_LANGUAGE_CODES.map((lang) => ({
          faq_id: id, lang, question: f.question[lang], answer: f.answer[lang],
        }))).execute();
      }
    });
  }
}
