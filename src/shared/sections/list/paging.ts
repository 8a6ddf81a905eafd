import type { SectionJson, SectionLintContext, JsonPath } from '../section';

/** Rows from a source page with "more" by default: an endpoint answering one plain array has no next page. */
export function checkPaging(section: SectionJson, lint: SectionLintContext, at: JsonPath): void {
  const { source } = lint;
  if (source && source.data.type === 'array' && (section.paging ?? 'more') !== 'none' && !source.pages) {
    lint.problem([...at, 'paging'], `${source.endpoint} returns a plain array (no paging): set "paging": "none"`);
  }
}
