/**
 * A screen's data, asked for as soon as its definition is known: the first request of each section it
 * will certainly draw starts beside the download of the widgets' code instead of after it, so code and data
 * arrive together (on the home screen, one round trip less before the banner and lists appear).
 *
 * Only what the widget is sure to ask, with the same key (a named component: sourceKey.ts): sections drawn unconditionally (no `visibleIf`,
 * no list kept from visitors), at the top level or in the first panel of fixed tabs that open on it,
 * whose source params are literal (a binding needs the widget's scope). Nothing on a screen that needs a
 * login the visitor lacks. An answer no widget took is dropped when another screen opens, after a call the
 * user makes, and after a few seconds (api/request.ts `prefetch`): what a widget takes is never older than
 * the opening of its screen or the user's last change.
 */
import { prefetch, type SourceKey } from '../api/request';
import { sourceKey } from './sourceKey';
import type { ScreenDefinition, Section } from './types';

/** No binding anywhere in `value` (any text with `{{` is one, bindings.ts). Not bindings.ts itself: it stays out of the entry chunk. */
function isLiteral(value: unknown): boolean {
  return !JSON.stringify(value ?? {}).includes('{{');
}

/** The sections drawn whatever the data and the visitor: top level, and the first panel of fixed tabs. */
function* surelyDrawn(sections: readonly Section[]): Generator<Section> {
  for (const section of sections) {
    if (section.visibleIf !== undefined) continue;
    yield section;
    if (section.type === 'tabs' && section.tabs?.length && section.initial === undefined) yield* surelyDrawn(section.tabs[0].sections);
  }
}

/**
 * Starts the requests; the promise settles (never fails) once the records of the screen's `scope` sections
 * have arrived. Everything a scope draws needs its record, so a screen drawn before it would show the scope
 * as a short placeholder above the sections that follow it, which it then pushes down (issue 23).
 */
export function prefetchScreen(screen: ScreenDefinition, loggedIn: boolean): Promise<void> {
  const keys: SourceKey[] = [];
  const structural: string[] = [];
  for (const section of screen.auth && !loggedIn ? [] : surelyDrawn(screen.sections)) {
    if ('login' in section && section.login && !loggedIn) continue; // drawn as a login prompt
    const source = 'source' in section ? section.source : undefined;
    if (source && !isLiteral(source.params)) continue;
    const key = sourceKey(section, (source?.params ?? {}) as Record<string, unknown>);
    if (!key) continue;
    keys.push(key);
    if (section.type === 'scope') structural.push(JSON.stringify(key));
  }
  const answers = prefetch(keys);
  return Promise.all(structural.map((id) => answers.get(id)?.catch(() => undefined))).then(() => undefined);
}
