/** Articles, banners, FAQ, static pages and the service menu; texts per language, falling back to en. */
import { sql } from 'kysely';
import { DEFAULT_LANGUAGE } from '../../../shared/i18n/languages';
import type { Handlers, RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { pageOf, pageParams } from '../../kernel';

function articleQuery(ctx: RequestContext) {
  return ctx.services.db.selectFrom('articles as a')
    .leftJoin('article_texts as l', (j) => j.onRef('l.article_id', '=', 'a.id').on('l.lang', '=', ctx.lang))
    .leftJoin('article_texts as e', (j) => j.onRef('e.article_id', '=', 'a.id').on('e.lang', '=', DEFAULT_LANGUAGE))
    .where('a.visible', '=', true)
    .where((eb) => eb.or([eb('l.article_id', 'is not', null), eb('e.article_id', 'is not', null)]));
}

const iso = (d: Date | string): string => new Date(d).toISOString();

/** The article's image in the request's language when it has one of its own (a banner drawn with words), else the article's. */
const thumbnail = sql<string>`coalesce(nullif(l.thumbnail, ''), a.thumbnail)`.as('thumbnail');

/** An article as the platform names its fields: our summary is its abstract, the thumbnail its cover. */
function articleOut(r: { id: number; c_id: number; title: string; summary: string; thumbnail: string; created_at: Date | string }) {
  return { id: r.id, c_id: r.c_id, title: r.title, abstract: r.summary, cover: r.thumbnail, create_time: iso(r.created_at) };
}

async function detail(ctx: RequestContext, where: { id?: number; pop?: boolean }) {
  let q = articleQuery(ctx).select([
    'a.id', 'a.c_id', 'a.created_at', thumbnail,
    sql<string>`coalesce(l.title, e.title)`.as('title'),
    sql<string>`coalesce(l.summary, e.summary)`.as('summary'),
    sql<string>`coalesce(l.content, e.content)`.as('content'),
  ]);
  if (where.id !== undefined) q = q.where('a.id', '=', where.id);
  if (where.pop) q = q.where('a.is_pop', '=', true).orderBy('a.created_at', 'desc');
  const row = await q.limit(1).executeTakeFirst();
  return row ? { ...articleOut(row), content: row.content } : null;
}

async function page(ctx: RequestContext, slug: string) {
  const rows = await ctx.services.db.selectFrom('pages').select(['lang', 'title', 'content'])
    .where('slug', '=', slug).where('lang', 'in', [ctx.lang, DEFAULT_LANGUAGE]).execute();
  const row = rows.find((r) => r.lang === ctx.lang) ?? rows.find((r) => r.lang === DEFAULT_LANGUAGE);
  return { title: row?.title ?? '', content: row?.content ?? '' };
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The questions (plain text) and answers (HTML) as one page, for apps that show the FAQ as one text. */
async function faq(ctx: RequestContext) {
  const list = await ctx.services.db.selectFrom('faqs as f')
    .leftJoin('faq_texts as l', (j) => j.onRef('l.faq_id', '=', 'f.id').on('l.lang', '=', ctx.lang))
    .leftJoin('faq_texts as e', (j) => j.onRef('e.faq_id', '=', 'f.id').on('e.lang', '=', DEFAULT_LANGUAGE))
    .where('f.visible', '=', true)
    .where((eb) => eb.or([eb('l.faq_id', 'is not', null), eb('e.faq_id', 'is not', null)]))
    .select(['f.id', sql<string>`coalesce(l.question, e.question)`.as('question'), sql<string>`coalesce(l.answer, e.answer)`.as('answer')])
    .orderBy('f.sort').orderBy('f.id').execute();
  return {
    title: ctx.t('faq.title'),
    content: list.map((f) => `<h3>${escapeHtml(f.question)}</h3>${f.answer}`).join(''),
    list,
  };
}

export const contentHandlers: Handlers = {
  'POST /news/list': async (ctx) => {
    const cId = Number(ctx.input.c_id);
    const { page: pageNo, limit, offset } = pageParams(ctx.input);
    const base = articleQuery(ctx).where('a.c_id', '=', cId);
    const { rows, total } = await pageOf(base, { limit, offset }, (all) => all.select([
      'a.id', 'a.c_id', 'a.created_at', thumbnail,
      sql<string>`coalesce(l.title, e.title)`.as('title'),
      sql<string>`coalesce(l.summary, e.summary)`.as('summary'),
    ]).orderBy('a.sort', 'desc').orderBy('a.created_at', 'desc').orderBy('a.id', 'desc'));
    return { list: rows.map(articleOut), page: pageNo, limit, total };
  },
  'POST /news/detail': async (ctx) => {
    const row = await detail(ctx, { id: Number(ctx.input.id) });
    if (!row) throw new ApiError('api.news.not_found');
    return row;
  },
  'GET /news/index_pop': (ctx) => detail(ctx, { pop: true }),
  'GET /faq': faq,
  'GET /aboutus': (ctx) => page(ctx, 'aboutus'),
  'GET /contactus': (ctx) => page(ctx, 'contactus'),
  'GET /operational_compliance': (ctx) => page(ctx, 'operational_compliance'),
  // The rows' message key is their title, their page or action their url.
  'GET /menu': async (ctx) => {
    const rows = await ctx.services.db.selectFrom('menu_items').select(['id', 'key', 'route', 'icon', 'is_financial'])
      .where('visible', '=', true).orderBy('sort').orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, title: r.key, url: r.route, icon: r.icon, is_financial: r.is_financial ? 1 as const : 0 as const }));
  },
};
