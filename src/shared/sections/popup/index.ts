import { defineSection } from '../section';
import schema from './schema.json';

export default defineSection({
  type: 'popup',
  summary: 'a dialog once per session',
  schema,
  lint: {
    checks: ['message'],
    check(section, lint, at) {
      if (typeof section.message === 'string') lint.text([...at, 'message'], section.message);
    },
  },
});
