import { defineSection } from '../section';
import schema from './schema.json';

export default defineSection({ type: 'frame', summary: 'a page of this site in a sandboxed frame', schema });
