import { defineSection } from '../section';
import schema from './schema.json';

/** Columns side by side; their sections read the data around them (a scope's record). */
export default defineSection({
  type: 'columns',
  summary: 'sections side by side (a ticket beside its order book)',
  schema,
  lint: { sectionsSeeData: true },
});
