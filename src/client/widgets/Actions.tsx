/** `actions`: buttons that run actions (log in, log out, call an endpoint …); with a source, buttons can depend on its data. */
import { test } from '../../shared/screens/expression';
import type { ActionsSection } from '../runtime/types';
import { useSource } from '../runtime/useSource';
import { useTexts } from './parts';
import './actions.css';

export default function Actions({ section }: { section: ActionsSection }) {
  const src = useSource(section.source);
  const { text, run, scope } = useTexts(section.source ? { data: src.data } : {});
  if (section.source && src.data === undefined) return null;
  const buttons = section.buttons.filter((b) => test(b.visibleIf, scope));
  if (!buttons.length) return null;
  return (
    <div className="w-section w-actions">
      {buttons.map((b) => (
        <button key={b.label} type="button" className={`w-button w-button-${b.variant ?? 'default'}`}
          onClick={() => { void run(b.action); }}>
          {text(b.label)}
        </button>
      ))}
    </div>
  );
}
