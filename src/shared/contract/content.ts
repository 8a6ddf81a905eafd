/** Articles, banners, FAQ, static pages and the service menu. The content is configuration (CONFIG_DIR/content/), in every language. */
import { arrayOf, endpoints, fields, id, int, nullable, pageAt, paging, record, str, timestamp } from './common';

/** c_id 4: news and announcements; 5: home banners. */
export const NEWS_CATEGORIES = { news: 4, banner: 5 } as const;

const article = {
  id: int(),
  c_id: int(),
  title: str(),
  /** A line or two under the title. */
  abstract: str(),
  /** The picture (a banner's image), a site path such as `/content/images/banner-1.svg?v=<hash>`; '' when none. */
  cover: str(),
  create_time: timestamp,
};
export const NEWS_ITEM = record(article);
export const NEWS_DETAIL = record({ ...article, content: str() });
export const PAGE_TEXT = record({ title: str(), content: str() });
export const FAQ_ENTRY = record({ id: int(), question: str(), answer: str() });

export const contentEndpoints = endpoints([
  {
    method: 'POST', path: '/news/list', auth: false, refreshOn: ['config'], summary: 'Paged articles of a category (4 news, 5 banners)',
    request: fields({ c_id: id(), ...paging }, ['c_id']),
    response: pageAt('list', NEWS_ITEM),
  },
  {
    method: 'POST', path: '/news/detail', auth: false, refreshOn: ['config'], summary: 'One article',
    request: fields({ id: id() }, ['id']),
    response: NEWS_DETAIL,
  },
  { method: 'GET', path: '/news/index_pop', auth: false, refreshOn: ['config'], summary: 'The popup article of the home page, or null', response: nullable(NEWS_DETAIL) },
  {
    method: 'GET', path: '/faq', auth: false, refreshOn: ['config'],
    summary: 'Frequently asked questions: one page (title, and the questions and answers as HTML) and the same as a list',
    response: record({ title: str(), content: str(), list: arrayOf(FAQ_ENTRY) }),
  },
  { method: 'GET', path: '/aboutus', auth: false, refreshOn: ['config'], summary: 'About us page', response: PAGE_TEXT },
  { method: 'GET', path: '/contactus', auth: false, refreshOn: ['config'], summary: 'Contact page (online service, loan officer, repayment specialist)', response: PAGE_TEXT },
  { method: 'GET', path: '/operational_compliance', auth: false, refreshOn: ['config'], summary: 'Operational compliance text', response: PAGE_TEXT },
  {
    method: 'GET', path: '/menu', auth: false, refreshOn: ['config'],
    summary: 'The service menu of the mine screen: title (a message key), url (a page, or action:<name>), icon; is_financial 1 for the rows '
      + 'about the customer\'s money (the platform\'s financial page shows those)',
    response: arrayOf(record({ id: int(), title: str(), url: str(), icon: str(), is_financial: int({ enum: [0, 1] }) })),
  },
]);
