import { defineSection } from '../section';
import schema from './schema.json';

export default defineSection({ type: 'header', schema });
