import { defineSection } from '../section';
import schema from './schema.json';

/**
 * A text and a button leading where something can be fixed. In a form file's `sections`, the first gate whose
 * `visibleIf` holds is shown instead of the form (no payment password yet: set one first).
 */
export default defineSection({ type: 'gate', summary: 'a text and a button to where it can be fixed; in a form, instead of it', schema });
