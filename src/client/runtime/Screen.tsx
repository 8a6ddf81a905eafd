/**
 * Renders a screen definition's sections (the shell draws the nav bar and tab bar from the same file).
 */
import { RuntimeProvider } from './context';
import { migrateScreen } from './migrate';
import { SectionList } from './SectionView';
import type { ScreenDefinition } from './types';

export default function Screen({ definition, query, params }: {
  definition: ScreenDefinition; query: Record<string, string>; params?: Record<string, unknown>;
}) {
  const screen = definition.schemaVersion === 1 ? definition : migrateScreen(definition);
  return (
    <RuntimeProvider query={query} params={params}>
      <div className="screen" data-route={screen.route}>
        <SectionList sections={screen.sections} />
      </div>
    </RuntimeProvider>
  );
}
