import { defineSection } from '../section';
import schema from './schema.json';

/** A form section names a form file; the fields it fills in (`initial`, `fill`) or locks must be that form's. */
export default defineSection({
  type: 'form',
  schema,
  lint: {
    check(section, lint, at) {
      const name = section.form;
      if (typeof name !== 'string') return;
      const form = lint.form(name);
      if (!form.exists) { lint.problem([...at, 'form'], `no form schemas/${name}.json`); return; }
      if (!form.fields) return;
      const missing = (field: string) => `no property "${field}" in schemas/${name}.json`;
      const initial = section.initial && typeof section.initial === 'object' ? section.initial : {};
      for (const field of Object.keys(initial)) if (!form.fields.has(field)) lint.problem([...at, 'initial', field], missing(field));
      (Array.isArray(section.readonly) ? section.readonly : []).forEach((field, i) => {
        if (!form.fields?.has(String(field))) lint.problem([...at, 'readonly', i], missing(String(field)));
      });
      const fill = section.fill && typeof section.fill === 'object' ? section.fill as { field?: unknown; also?: unknown } : undefined;
      if (fill && typeof fill.field === 'string' && !form.fields.has(fill.field)) lint.problem([...at, 'fill', 'field'], missing(fill.field));
      const also = fill?.also && typeof fill.also === 'object' ? fill.also : {};
      for (const field of Object.keys(also)) if (!form.fields.has(field)) lint.problem([...at, 'fill', 'also', field], missing(field));
    },
  },
});
