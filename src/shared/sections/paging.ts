import type { JsonPath, SectionJson, SectionLintContext } from './section';

/**
 * The lint rule of the row types (list, records, quotes): rows from a source page with "more" by default, and an
 * endpoint answering one plain array has no next page.
 */
export function checkPaging(section: SectionJson, lint: SectionLintContext, at: JsonPath): void {
  const { source } = lint;
  if (source && source.data.type === 'array' && (section.paging ?? 'more') !== 'none' && !source.pages) {
    lint.problem([...at, 'paging'], `${source.endpoint} returns a plain array (no paging): set "paging": "none"`);
  }
}
