/** Articles, banners, FAQ, static pages and the mine screen's service menu. Stored per language, falling back to en. */
import { arrayOf, endpoints, fields, id, int, nullable, pageOf, paging, record, str, timestamp } from './common';

/** c_id 4: news and announcements; 5: home banners. */
export const NEWS_CATEGORIES = { news: 4, banner: 5 } as const;

export const NEWS_ITEM = record({ id: int(), c_id: int(), title: str(), summary: str(), thumbnail: str(), created_at: timestamp });
export const NEWS_DETAIL = record({ id: int(), c_id: int(), title: str(), summary: str(), content: str(), thumbnail: str(), created_at: timestamp });
export const PAGE_TEXT = record({ title: str(), content: str() });

export const contentEndpoints = endpoints([
  {
    method: 'POST', path: '/news/list', auth: false, summary: 'Paged articles of a category (4 news, 5 banners)',
    request: fields({ c_id: id(), ...paging }, ['c_id']),
    response: pageOf(NEWS_ITEM),
  },
  {
    method: 'POST', path: '/news/detail', auth: false, summary: 'One article',
    request: fields({ id: id() }, ['id']),
    response: NEWS_DETAIL,
  },
  { method: 'GET', path: '/news/index_pop', auth: false, summary: 'The popup article of the home page, or null', response: nullable(NEWS_DETAIL) },
  {
    method: 'GET', path: '/faq', auth: false, summary: 'Frequently asked questions',
    response: arrayOf(record({ id: int(), question: str(), answer: str() })),
  },
  { method: 'GET', path: '/aboutus', auth: false, summary: 'About us page', response: PAGE_TEXT },
  { method: 'GET', path: '/contactus', auth: false, summary: 'Contact page (online service, loan officer, repayment specialist)', response: PAGE_TEXT },
  { method: 'GET', path: '/operational_compliance', auth: false, summary: 'Operational compliance text', response: PAGE_TEXT },
  {
    method: 'GET', path: '/menu', auth: false, summary: 'The mine screen service menu (key is a message key; route a page or an action:<name>)',
    response: arrayOf(record({ id: int(), key: str(), icon: str(), route: str() })),
  },
]);
