/**
 * `form`: renders `schemas/<form>.json` through SchemaForm; both load lazily with the form's validator, and
 * with the screen when it is fetched (`preload`), so the form is drawn whole with the page, not after it. The
 * sections a form file places among its fields are drawn by these widgets of the screen format. With `fill`,
 * a value another part of the screen picks (the order book's tapped price) goes into a field.
 */
import { useState } from 'react';
import { resolveValue } from '../runtime/bindings';
import { useRuntime } from '../runtime/context';
import { Preloaded } from '../runtime/preloadable';
import type { FormSection } from '../runtime/types';
import type { FormSectionWidgets } from '../forms/live';
import { lastPickSeq, usePick } from '../state/picks';
import { Figures } from './Figures';
import { preloadForm, SchemaForm } from './formCode';
import Gate from './Gate';
import { Loading, SectionTitle } from './parts';

export const preload = preloadForm;

const FORM_SECTION_WIDGETS: FormSectionWidgets = { figures: Figures, gate: Gate };

export default function Form({ section }: { section: FormSection }) {
  const { scope, pipes } = useRuntime();
  const initial = resolveValue(section.initial ?? {}, scope, pipes) as Record<string, unknown>;
  const clean = Object.fromEntries(Object.entries(initial).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  // `fill`: what another part of the screen picks after the form is shown (a price tapped in the order book).
  const [shownAt] = useState(lastPickSeq);
  const pick = usePick(section.fill?.pick);
  const fill = section.fill && pick && pick.seq > shownAt
    ? { seq: pick.seq, values: { ...(section.fill.also ?? {}), [section.fill.field]: pick.value } }
    : undefined;
  return (
    <section className="w-section">
      <SectionTitle title={section.title} />
      <Preloaded of={SchemaForm} fallback={<Loading rows={3} />} props={{
        name: section.form, initial: clean, readonly: section.readonly, links: section.links !== false, sectionWidgets: FORM_SECTION_WIDGETS, fill,
      }} />
    </section>
  );
}
