import { defineSection } from '../section';
import schema from './schema.json';

/** A scope's sections read the record it finds (`find` over the rows) or the whole answer as `data`. */
export default defineSection({
  type: 'scope',
  summary: 'one record of an endpoint as the data of the sections below',
  schema,
  lint: {
    dataIsRow: (section) => section.find !== undefined,
    sectionsSeeData: true,
  },
});
