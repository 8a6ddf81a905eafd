/**
 * Which sections a screen will draw, judged when it opens from what is certain then (`known`: the visitor's
 * `user` is null; a logged-in user's record once loaded), before any of its data. A condition that reads
 * anything else is undecided. The screen's code is fetched for what may be drawn, its data for what surely is.
 */
import { testKnown } from '../../shared/screens/expression';

/** The scope roots whose values are certain when a screen opens (screenModules.ts `knownAtOpen`). */
export type KnownScope = Record<string, unknown>;

const condition = (section: object): string | undefined => {
  const v = (section as { visibleIf?: unknown }).visibleIf;
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/** Not ruled out by its condition (a logged-in user's form is not fetched for a visitor). */
export function mayBeDrawn(section: object, known: KnownScope): boolean {
  const visibleIf = condition(section);
  return visibleIf === undefined || testKnown(visibleIf, known) !== false;
}

/** Drawn whatever the data: no condition, or one that holds on what is known. */
export function surelyDrawn(section: object, known: KnownScope): boolean {
  const visibleIf = condition(section);
  return visibleIf === undefined || testKnown(visibleIf, known) === true;
}
