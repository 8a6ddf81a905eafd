import { defineSection } from '../section';
import { checkPaging } from '../paging';
import schema from './schema.json';

export default defineSection({
  type: 'records',
  summary: 'records with fields, buttons and a countdown, from an endpoint or scope data',
  schema,
  lint: { check: checkPaging },
});
