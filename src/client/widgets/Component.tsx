/** `component`: a named hand-written component (charts, order books …), loaded lazily. */
import { Suspense } from 'react';
import { COMPONENTS } from './components';
import type { ComponentSection } from '../runtime/types';
import { resolveValue } from '../runtime/bindings';
import { ErrorState, Loading, useTexts } from './parts';

export default function Component({ section }: { section: ComponentSection }) {
  const { scope, pipes } = useTexts();
  const Named = Object.prototype.hasOwnProperty.call(COMPONENTS, section.name) ? COMPONENTS[section.name as keyof typeof COMPONENTS] : undefined;
  if (!Named) return <ErrorState />;
  return (
    <Suspense fallback={<Loading />}>
      <Named {...(resolveValue(section.props ?? {}, scope, pipes) as Record<string, unknown>)} />
    </Suspense>
  );
}
