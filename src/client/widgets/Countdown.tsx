/** `countdown`: seconds left, ticking once a second, formatted with the shared `countdown` formatter. */
import { useEffect, useState } from 'react';
import { countdown } from '../../shared/format';
import { useSource } from '../runtime/useSource';
import type { CountdownSection } from '../runtime/types';
import { ErrorState, Loading, useTexts } from './parts';
import { resolveValue } from '../runtime/bindings';
import './countdown.css';

export default function Countdown({ section }: { section: CountdownSection }) {
  const src = useSource(section.source);
  const { text, scope, pipes } = useTexts(section.source ? { data: src.data } : {}); // without a source, the data in scope (a data-fed tab)
  const initial = Math.max(0, Math.floor(Number(typeof section.seconds === 'number'
    ? section.seconds : resolveValue(section.seconds, scope, pipes)) || 0));
  // The seconds counted down from `initial`; a new `initial` (new data) starts again from it.
  const [ticking, setTicking] = useState({ from: initial, left: initial });
  const left = ticking.from === initial ? ticking.left : initial;
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setTicking({ from: initial, left: Math.max(0, left - 1) }), 1000);
    return () => clearTimeout(timer);
  }, [initial, left]);
  if (src.isLoading) return <Loading />;
  if (src.error) return <ErrorState onRetry={src.retry} />;
  return (
    <div className="w-section w-countdown" role="timer" aria-live="off">
      {section.label && <span>{text(section.label)} </span>}
      <bdi>{left > 0 || !section.done ? countdown(left) : text(section.done)}</bdi>
    </div>
  );
}
