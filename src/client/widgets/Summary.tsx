/** `summary`: label/value pairs, optionally over one endpoint's data. */
import { test } from '../../shared/screens/expression';
import { useSource } from '../runtime/useSource';
import type { SummarySection } from '../runtime/types';
import { ErrorState, Loading, SectionTitle, useTexts } from './parts';

export default function Summary({ section }: { section: SummarySection }) {
  const src = useSource(section.source);
  const { text, scope } = useTexts({ data: src.data });
  if (src.isLoading) return <Loading />;
  if (src.error) return <ErrorState onRetry={src.retry} />;
  return (
    <section className="w-section">
      <SectionTitle title={section.title} />
      <dl className="w-summary">
        {section.fields.filter((f) => test(f.visibleIf, scope)).map((f) => (
          <div key={f.label}>
            <dt>{text(f.label)}</dt>
            <dd><bdi>{text(f.value)}</bdi></dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
