import { componentChunk } from '../../screens/widgetChunks';
import { defineSection } from '../section';
import schema from './schema.json';

export default defineSection({
  type: 'component',
  summary: 'a named hand-written component',
  schema,
  chunks: (section) => (typeof section.name === 'string' ? [componentChunk(section.name)] : []),
  lint: {
    check(section, lint, at) {
      const name = section.name;
      if (typeof name === 'string' && !lint.components.includes(name)) {
        lint.problem([...at, 'name'], `unknown component "${name}" (known: ${lint.components.join(', ')})`);
      }
    },
  },
});
