/**
 * `gate`: a text and a button leading where something can be fixed. In a form file's `sections`, the first
 * gate whose `visibleIf` holds is shown instead of the form (forms/live.tsx).
 */
import { navigateTo } from '../platform/navigation';
import { resolveTemplate } from '../runtime/bindings';
import type { GateSection } from '../runtime/types';
import { SectionTitle, useTexts } from './parts';
import './gate.css';

export default function Gate({ section }: { section: GateSection }) {
  const { scope, pipes, text } = useTexts();
  const { button, to } = section;
  return (
    <div className="w-section f-gate">
      <SectionTitle title={section.title} />
      <p className="f-gate__text" role="status">{text(section.text)}</p>
      {button && to && (
        <button type="button" className="f-submit" onClick={() => navigateTo(resolveTemplate(to, scope, pipes))}>{text(button)}</button>
      )}
    </div>
  );
}
