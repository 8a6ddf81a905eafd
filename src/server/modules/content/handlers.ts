/**
 * Banners, announcements, the FAQ and the pages, from the live configuration's content/ files (issue 24),
 * in the request's language, and the service menu (content/menu.json).
 */
import { NEWS_CATEGORIES } from '../../../shared/contract/content';
import { textIn, type ContentArticle, type PageSlug, type SiteContent } from '../../../shared/config/content';
import type { Handlers, RequestContext } from '../../context';
import { ApiError } from '../../errors';
import { pageParams } from '../../kernel';
import { contentImageUrl } from './images';

const content = (ctx: RequestContext): SiteContent => ctx.config.content;

/** A day of the file as the platform's timestamp: that day at 00:00 UTC. */
const createTime = (date: string): string => new Date(`${date}T00:00:00Z`).toISOString();

/** An article as the platform names its fields: our summary is its abstract, the image its cover. */
function articleOut(ctx: RequestContext, a: ContentArticle, cId: number) {
  const image = a.image && textIn(a.image, ctx.lang);
  return {
    id: a.id, c_id: cId, title: textIn(a.title, ctx.lang), abstract: textIn(a.summary, ctx.lang),
    cover: image ? contentImageUrl(image, ctx.config.images) : '', create_time: createTime(a.date),
  };
}

function categories(ctx: RequestContext): Array<{ cId: number; list: ContentArticle[] }> {
  const c = content(ctx);
  return [{ cId: NEWS_CATEGORIES.news, list: c.announcements }, { cId: NEWS_CATEGORIES.banner, list: c.banners }];
}

function detailOut(ctx: RequestContext, a: ContentArticle, cId: number) {
  return { ...articleOut(ctx, a, cId), content: textIn(a.content, ctx.lang) };
}

function page(ctx: RequestContext, slug: PageSlug) {
  const p = content(ctx).pages[slug];
  return { title: textIn(p.title, ctx.lang), content: textIn(p.content, ctx.lang) };
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The questions (plain text) and answers (HTML) as one page, for apps that show the FAQ as one text. */
function faq(ctx: RequestContext) {
  const list = content(ctx).faq.map((f) => ({ id: f.id, question: textIn(f.question, ctx.lang), answer: textIn(f.answer, ctx.lang) }));
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
    const all = categories(ctx).find((c) => c.cId === cId)?.list ?? [];
    return { list: all.slice(offset, offset + limit).map((a) => articleOut(ctx, a, cId)), page: pageNo, limit, total: all.length };
  },
  'POST /news/detail': async (ctx) => {
    const id = Number(ctx.input.id);
    for (const { cId, list } of categories(ctx)) {
      const found = list.find((a) => a.id === id);
      if (found) return detailOut(ctx, found, cId);
    }
    throw new ApiError('api.news.not_found');
  },
  'GET /news/index_pop': async (ctx) => {
    const popup = content(ctx).announcements.find((a) => a.popup);
    return popup ? detailOut(ctx, popup, NEWS_CATEGORIES.news) : null;
  },
  'GET /faq': async (ctx) => faq(ctx),
  'GET /aboutus': async (ctx) => page(ctx, 'aboutus'),
  'GET /contactus': async (ctx) => page(ctx, 'contactus'),
  'GET /operational_compliance': async (ctx) => page(ctx, 'operational_compliance'),
  // content/menu.json: the rows' message key is their title, their page or action their url; the id is the
  // row's place (1 first).
  'GET /menu': async (ctx) => content(ctx).menu.map((r, i) => ({
    id: i + 1, title: r.title, url: r.url, icon: r.icon, is_financial: r.financial ? 1 as const : 0 as const,
  })),
};
