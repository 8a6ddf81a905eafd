import { defineSection } from '../section';
import { narrowedListType } from './narrow';
import { checkPaging } from '../paging';
import schema from './schema.json';

export default defineSection({
  type: 'list',
  schema,
  lint: { check: checkPaging },
  migrations: {
    /** 0 -> 1: a list's `row` became `item`. */
    0: ({ row, ...section }) => (row !== undefined && section.item === undefined ? { ...section, item: row } : section),
    /** 2 -> 3: a market table became `quotes`, a list of records (fields, buttons, scope rows, a cut…) `records` (see narrow.ts). */
    2: (section) => {
      const type = narrowedListType(section);
      return type === 'list' ? section : { ...section, type };
    },
  },
});
