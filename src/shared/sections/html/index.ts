import { defineSection } from '../section';
import schema from './schema.json';

export default defineSection({
  type: 'html',
  schema,
  lint: {
    checks: ['message', 'values'],
    check(section, lint, at) {
      if (typeof section.message === 'string') lint.text([...at, 'message'], section.message);
      lint.templates([...at, 'values'], section.values);
    },
  },
});
