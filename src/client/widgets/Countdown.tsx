/** `countdown`: seconds left, ticking once a second, formatted with the shared `countdown` formatter. */
import { countdown } from '../../shared/format';
import { useSource } from '../runtime/useSource';
import type { CountdownSection } from '../runtime/types';
import { ErrorState, Loading, useSecondsLeft, useTexts } from './parts';
import { resolveValue } from '../runtime/bindings';
import './countdown.css';

export default function Countdown({ section }: { section: CountdownSection }) {
  const src = useSource(section.source);
  const { text, scope, pipes } = useTexts(section.source ? { data: src.data } : {}); // without a source, the data in scope (a data-fed tab)
  const initial = Math.max(0, Math.floor(Number(typeof section.seconds === 'number'
    ? section.seconds : resolveValue(section.seconds, scope, pipes)) || 0));
  const left = useSecondsLeft(initial);
  if (src.isLoading) return <Loading />;
  if (src.error) return <ErrorState onRetry={src.retry} />;
  return (
    <div className="w-section w-countdown" role="timer" aria-live="off">
      {section.label && <span>{text(section.label)} </span>}
      <bdi>{left > 0 || !section.done ? countdown(left) : text(section.done)}</bdi>
    </div>
  );
}
