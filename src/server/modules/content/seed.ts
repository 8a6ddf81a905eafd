/**
 * Banners, announcements, the FAQ, the pages and the service menu are configuration (content/, issue 24): an
 * install from before keeps its old rows in articles, faqs, pages and menu_items, which nothing serves any
 * more, and is told so once at each start until they are emptied.
 */
import type { Services } from '../../context';

async function countOf(services: Services, table: 'articles' | 'faqs' | 'pages' | 'menu_items'): Promise<number> {
  const row = await services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function seedContent(services: Services): Promise<void> {
  const left = {
    articles: await countOf(services, 'articles'), faqs: await countOf(services, 'faqs'), pages: await countOf(services, 'pages'),
    menu_items: await countOf(services, 'menu_items'),
  };
  if (left.articles + left.faqs + left.pages + left.menu_items > 0) {
    services.log.warn(left, 'the database still holds banners, announcements, FAQ, pages or menu rows from before issue 24 (tables articles, faqs, pages, menu_items): '
      + 'they are no longer served; the site shows CONFIG_DIR/content/*.json. If an operator had changed them, copy the changes '
      + 'into those files (docs/operators.md, "Content"), then empty the tables to silence this message');
  }
}
