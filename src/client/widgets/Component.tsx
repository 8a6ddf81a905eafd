/**
 * `component`: a named hand-written component (charts, order books …) in a chunk of its own, fetched with the
 * screen (`preload`), so that it draws at once instead of a loading line that the component then pushes down.
 */
import { componentNamed, preloadComponent } from './components';
import type { ComponentSection } from '../runtime/types';
import { resolveValue } from '../runtime/bindings';
import { Preloaded } from '../runtime/preloadable';
import { ErrorState, Loading, useTexts } from './parts';

/** Fetches the component the section names (every component without a section); the registry starts it early too. */
export const preload = preloadComponent;

export default function Component({ section }: { section: ComponentSection }) {
  const { scope, pipes } = useTexts();
  const Named = componentNamed(section.name);
  if (!Named) return <ErrorState />;
  return <Preloaded of={Named} props={resolveValue(section.props ?? {}, scope, pipes) as Record<string, unknown>} fallback={<Loading />} />;
}
