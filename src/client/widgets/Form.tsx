/**
 * `form`: renders `schemas/<form>.json` through SchemaForm; both load lazily with the form's validator. The
 * sections a form file places among its fields are drawn by these widgets of the screen format.
 */
import { lazy, Suspense } from 'react';
import { resolveValue } from '../runtime/bindings';
import { useRuntime } from '../runtime/context';
import type { FormSection } from '../runtime/types';
import type { FormSectionWidgets } from '../forms/live';
import Figures from './Figures';
import Gate from './Gate';
import { Loading, SectionTitle } from './parts';

const SchemaForm = lazy(() => import('../forms/SchemaForm'));

const FORM_SECTION_WIDGETS: FormSectionWidgets = { figures: Figures, gate: Gate };

export default function Form({ section }: { section: FormSection }) {
  const { scope, pipes } = useRuntime();
  const initial = resolveValue(section.initial ?? {}, scope, pipes) as Record<string, unknown>;
  const clean = Object.fromEntries(Object.entries(initial).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  return (
    <section className="w-section">
      <SectionTitle title={section.title} />
      <Suspense fallback={<Loading rows={3} />}>
        <SchemaForm name={section.form} initial={clean} readonly={section.readonly} links={section.links !== false}
          sectionWidgets={FORM_SECTION_WIDGETS} />
      </Suspense>
    </section>
  );
}
