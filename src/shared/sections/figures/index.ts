import { defineSection } from '../section';
import schema from './schema.json';

/**
 * Computed read-only rows (fee, total, you receive...), drawn the same on a screen and in a form file's
 * `sections`, where the scope also holds what is typed (`form`) and the form's live answer (`data`).
 */
export default defineSection({ type: 'figures', summary: 'computed read-only rows under a form or over data', schema });
