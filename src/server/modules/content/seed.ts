/**
 * The menu on the first start (rows that exist are kept). Banners, announcements, the FAQ and the pages are
 * configuration (content/, issue 24): an install from before keeps its old rows in articles, faqs and pages,
 * which nothing serves any more, and is told so once at each start until they are emptied.
 */
import type { Services } from '../../context';
import { MENU } from '../../seeddata/content';

async function countOf(services: Services, table: 'articles' | 'faqs' | 'pages'): Promise<number> {
  const row = await services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function seedContent(services: Services): Promise<void> {
  await services.db.insertInto('menu_items').values(MENU.map((m, i) => ({ ...m, sort: i * 10 })))
    .onConflict((oc) => oc.column('key').doNothing()).execute();
  const left = { articles: await countOf(services, 'articles'), faqs: await countOf(services, 'faqs'), pages: await countOf(services, 'pages') };
  if (left.articles + left.faqs + left.pages > 0) {
    services.log.warn(left, 'the database still holds banners, announcements, FAQ or pages from before issue 24 (tables articles, faqs, pages): '
      + 'they are no longer served; the site shows CONFIG_DIR/content/*.json. If an operator had changed them, copy the changes '
      + 'into those files (docs/operators.md, "Content"), then empty the tables to silence this message');
  }
}
