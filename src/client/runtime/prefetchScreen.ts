/**
 * A screen's data, asked for as soon as its definition is known: the first request of each section it
 * will certainly draw starts beside the download of the widgets' code instead of after it, so code and data
 * arrive together (on the home screen, one round trip less before the banner and lists appear).
 *
 * Only what the widget is sure to ask, with the same key (a named component: sourceKey.ts): sections drawn
 * whatever the data (no `visibleIf`, or one decided by what is known at the opening: drawnAtOpen.ts; no list
 * kept from visitors), at the top level, in a scope, in every column, in the first panel of fixed tabs
 * that open on it or in every panel of tabs that open on another, whose source params are literal (a binding
 * needs the widget's scope). Nothing on a screen that needs a
 * login the visitor lacks. An answer no widget took is dropped when another screen opens, after a call the
 * user makes, and after a few seconds (api/request.ts `prefetch`): what a widget takes is never older than
 * the opening of its screen or the user's last change.
 */
import { prefetch, type SourceKey } from '../api/request';
import { surelyDrawn, type KnownScope } from './drawnAtOpen';
import { sourceKey } from './sourceKey';
import type { ScreenDefinition, Section } from './types';

/** No binding anywhere in `value` (any text with `{{` is one, bindings.ts). Not bindings.ts itself: it stays out of the entry chunk. */
function isLiteral(value: unknown): boolean {
  return !JSON.stringify(value ?? {}).includes('{{');
}

/** What a section surely asks for first, by its key's text; `structural`: a scope's record (prefetchScreen). */
type Wanted = Map<string, { key: SourceKey; structural: boolean }>;

/**
 * The first requests of the sections drawn whatever the data: not under a condition that may fail or kept
 * from visitors, with literal params; inside a scope (drawn once its record is found) and every column; in
 * tabs, the first panel when they open on it, else what every panel asks for (the pair detail's quotes in each
 * trading mode).
 */
function surelyWanted(sections: readonly Section[], loggedIn: boolean, known: KnownScope): Wanted {
  const out: Wanted = new Map();
  const take = (inner: Wanted) => { for (const [id, w] of inner) if (!out.has(id)) out.set(id, w); };
  for (const section of sections) {
    if (!surelyDrawn(section, known)) continue;
    if ('login' in section && section.login && !loggedIn) continue; // drawn as a login prompt
    const source = 'source' in section ? section.source : undefined;
    const key = source && !isLiteral(source.params) ? null : sourceKey(section, (source?.params ?? {}) as Record<string, unknown>);
    if (key && !out.has(JSON.stringify(key))) out.set(JSON.stringify(key), { key, structural: section.type === 'scope' });
    if (section.type === 'scope') take(surelyWanted(section.sections, loggedIn, known));
    if (section.type === 'columns') for (const column of section.columns) take(surelyWanted(column.sections, loggedIn, known));
    if (section.type === 'tabs' && section.tabs?.length) {
      const panels = (section.initial === undefined ? section.tabs.slice(0, 1) : section.tabs).map((tab) => surelyWanted(tab.sections, loggedIn, known));
      take(new Map([...panels[0]].filter(([id]) => panels.every((panel) => panel.has(id)))));
    }
  }
  return out;
}

/**
 * Starts the requests; the promise settles (never fails) once the records of the screen's `scope` sections
 * have arrived. Everything a scope draws needs its record, so a screen drawn before it would show the scope
 * as a short placeholder above the sections that follow it, which it then pushes down (issue 23).
 */
export function prefetchScreen(screen: ScreenDefinition, loggedIn: boolean, known: KnownScope = {}): Promise<void> {
  const wanted: Wanted = screen.auth && !loggedIn ? new Map() : surelyWanted(screen.sections, loggedIn, known);
  const answers = prefetch([...wanted.values()].map((w) => w.key));
  const structural = [...wanted].filter(([, w]) => w.structural).map(([id]) => id);
  return Promise.all(structural.map((id) => answers.get(id)?.catch(() => undefined))).then(() => undefined);
}
