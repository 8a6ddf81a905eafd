import { defineSection } from '../section';
import { checkPaging } from '../paging';
import schema from './schema.json';

export default defineSection({
  type: 'quotes',
  summary: 'a market table: live quotes, sortable header, stars, search',
  schema,
  lint: { check: checkPaging },
});
