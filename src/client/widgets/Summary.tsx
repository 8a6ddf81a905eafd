/**
 * `summary`: label/value pairs, optionally over one endpoint's data. `layout: "total"` shows them as
 * headline figures (an account total). With `mask`, bound values show as `****` while that device choice is
 * on; `maskToggle` adds the eye button switching it. A label may take ICU arguments, including the current
 * display fiat or language (`{ "setting": "fiat" }`).
 */
import { test } from '../../shared/screens/expression';
import { messageValues } from '../runtime/bindings';
import type { SummarySection } from '../runtime/types';
import { useSource } from '../runtime/useSource';
import { useAppState } from '../state/store';
import { usePref } from './device';
import { ErrorState, Icon, Loading, maskedText, SectionTitle, useTexts } from './parts';
import './summary.css';

export function MaskToggle({ masked, onChange }: { masked: boolean; onChange: (masked: boolean) => void }) {
  const { t } = useTexts();
  return (
    <button type="button" className="w-eye" aria-pressed={masked} aria-label={t(masked ? 'widget.amounts.show' : 'widget.amounts.hide')}
      onClick={() => onChange(!masked)}>
      <Icon name={masked ? 'eye-off' : 'eye'} />
    </button>
  );
}

export default function Summary({ section }: { section: SummarySection }) {
  const src = useSource(section.source);
  const { text, rich, scope, pipes } = useTexts(section.source ? { data: src.data } : {}); // without a source, the data in scope (a data-fed tab)
  const lang = useAppState((s: { lang: string }) => s.lang);
  const [masked, setMasked] = usePref(section.mask, false);
  if (src.isLoading) return <Loading rows={2} />;
  if (src.error) return <ErrorState onRetry={src.retry} />;
  const total = section.layout === 'total';
  const fields = section.fields.filter((f) => test(f.visibleIf, scope));
  return (
    <section className={total ? 'w-section w-summary-total' : 'w-section'}>
      <SectionTitle title={section.title} />
      <dl className="w-summary">
        {fields.map((f, i) => (
          <div key={f.label}>
            <dt>
              {f.values ? pipes.t(f.label, messageValues(f.values, scope, pipes, lang)) : text(f.label)}
              {section.maskToggle && i === 0 && <MaskToggle masked={masked} onChange={setMasked} />}
            </dt>
            <dd><bdi>{masked ? maskedText(f.value, text) : rich(f.value)}</bdi></dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
