/** The code chunks a screen draws with, for the server's preloads (see shared/screens/widgetChunks.ts). */
import { SECTIONS } from './index';
import type { SectionDefinition } from './section';
import { sectionsIn, widgetChunk } from '../screens/widgetChunks';

/**
 * The chunk names of what `screen` draws (a widget bundled with the runtime has none: the caller skips names it
 * lacks); with `drawn`, of the sections it keeps (sectionsIn).
 */
export function widgetChunksOf(screen: unknown, sections: readonly SectionDefinition[] = SECTIONS, drawn?: (section: Record<string, unknown>) => boolean): string[] {
  const byType = new Map(sections.map((s) => [s.type, s]));
  const names = new Set<string>();
  for (const section of sectionsIn(screen, drawn)) {
    names.add(widgetChunk(section.type));
    for (const name of byType.get(section.type)?.chunks?.(section) ?? []) names.add(name);
  }
  return [...names];
}
