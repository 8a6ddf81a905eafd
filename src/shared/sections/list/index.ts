import { defineSection } from '../section';
import { isRichList, RICH_LIST_CHUNK } from './rich';
import schema from './schema.json';

export default defineSection({
  type: 'list',
  schema,
  lint: {
    check(section, lint, at) {
      // A list pages with "more" by default: an endpoint answering one plain array has no next page.
      const { source } = lint;
      if (source && source.data.type === 'array' && (section.paging ?? 'more') !== 'none' && !source.pages) {
        lint.problem([...at, 'paging'], `${source.endpoint} returns a plain array (no paging): set "paging": "none"`);
      }
    },
  },
  migrations: {
    /** 0 -> 1: a list's `row` became `item`. */
    0: ({ row, ...section }) => (row !== undefined && section.item === undefined ? { ...section, item: row } : section),
  },
  chunks: (section) => (isRichList(section) ? [RICH_LIST_CHUNK] : []),
});
