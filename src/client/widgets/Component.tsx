/**
 * `component`: a named hand-written component (charts, order books …) in a chunk of its own, fetched with the
 * screen (`preload`), so that it draws at once instead of a loading line that the component then pushes down.
 */
import { COMPONENTS } from './components';
import type { ComponentSection } from '../runtime/types';
import { resolveValue } from '../runtime/bindings';
import { Preloaded } from '../runtime/preloadable';
import { ErrorState, Loading, useTexts } from './parts';

const named = (name: unknown) => (typeof name === 'string' && Object.prototype.hasOwnProperty.call(COMPONENTS, name)
  ? COMPONENTS[name as keyof typeof COMPONENTS] : undefined);

/** Fetches the component the section names (every component without a section). */
export function preload(section?: object): Promise<unknown> | undefined {
  if (!section) return Promise.all(Object.values(COMPONENTS).map((c) => c.load()));
  return named((section as { name?: unknown }).name)?.load();
}

export default function Component({ section }: { section: ComponentSection }) {
  const { scope, pipes } = useTexts();
  const Named = named(section.name);
  if (!Named) return <ErrorState />;
  return <Preloaded of={Named} props={resolveValue(section.props ?? {}, scope, pipes) as Record<string, unknown>} fallback={<Loading />} />;
}
