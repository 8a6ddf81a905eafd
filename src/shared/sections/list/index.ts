import { defineSection } from '../section';
import { checkPaging } from './paging';
import { isQuotesList } from './quotes';
import { isRichList, RICH_LIST_CHUNK } from './rich';
import schema from './schema.json';

export default defineSection({
  type: 'list',
  schema,
  lint: { check: checkPaging },
  migrations: {
    /** 0 -> 1: a list's `row` became `item`. */
    0: ({ row, ...section }) => (row !== undefined && section.item === undefined ? { ...section, item: row } : section),
    /** 2 -> 3: a list with live quotes, a header, an order, stars, a search or a login requirement became `quotes`. */
    2: (section) => (isQuotesList(section) ? { ...section, type: 'quotes' } : section),
  },
  chunks: (section) => (isRichList(section) ? [RICH_LIST_CHUNK] : []),
});
