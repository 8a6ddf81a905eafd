/**
 * Every section type of the screen format, one folder each (see section.ts). A new type is a folder
 * `src/shared/sections/<type>/` and its line in all.ts, plus its widget's line in src/client/widgets/registry.ts.
 */
import * as all from './all';
import type { SectionDefinition } from './section';

export const SECTIONS: readonly SectionDefinition[] = Object.values(all).sort((a, b) => a.type.localeCompare(b.type));

export { defineSection, type SectionDefinition } from './section';
