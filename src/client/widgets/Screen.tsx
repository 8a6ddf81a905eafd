/**
 * Renders a screen definition's sections (the shell draws the nav bar and tab bar from the same file).
 * A title that is a binding (`{{query.type | t:'fund.select.title'}}`) is resolved here and handed to the
 * shell through `onTitle`, so the shell needs no binding evaluator.
 */
import { useEffect } from 'react';
import { isBinding, resolveText } from '../runtime/bindings';
import { RuntimeProvider, useRuntime } from '../runtime/context';
import { SectionList } from './SectionView';
import type { ScreenDefinition } from '../runtime/types';

export { preloadSections } from './registry';
export { prefetchScreen } from '../runtime/prefetchScreen';

function BoundTitle({ title, onTitle }: { title: string; onTitle: (text: string) => void }) {
  const { scope, pipes } = useRuntime();
  const text = resolveText(title, scope, pipes);
  useEffect(() => { onTitle(text); }, [text, onTitle]);
  return null;
}

export default function Screen({ definition, query, params, onTitle }: {
  definition: ScreenDefinition; query: Record<string, string>; params?: Record<string, unknown>; onTitle?: (text: string) => void;
}) {
  const screen = definition; // served migrated and checked by the server
  return (
    <RuntimeProvider query={query} params={params}>
      {onTitle && isBinding(screen.title) && <BoundTitle title={screen.title} onTitle={onTitle} />}
      <div className="screen" data-route={screen.route}>
        <SectionList sections={screen.sections} />
      </div>
    </RuntimeProvider>
  );
}
