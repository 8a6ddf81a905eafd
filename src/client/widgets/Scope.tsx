/**
 * `scope`: one record for the sections below, as their `data`: the element of the source's array that meets
 * `find` (the pair named by `?symbol=` in `GET /coin/pairs`), or the whole answer without `find`. Nothing
 * found shows `empty`.
 */
import { test } from '../../shared/screens/expression';
import { ScopeProvider } from '../runtime/context';
import type { ScopeSection } from '../runtime/types';
import { useSource } from '../runtime/useSource';
import { SectionList } from './SectionView';
import { EmptyState, ErrorState, Loading, SectionTitle, useTexts } from './parts';

export default function Scope({ section }: { section: ScopeSection }) {
  const src = useSource(section.source);
  const { scope, text } = useTexts();
  if (src.isLoading) return <Loading rows={3} />;
  if (src.error) return <ErrorState onRetry={src.retry} />;
  const record = section.find
    ? (Array.isArray(src.data) ? src.data : []).find((item) => test(section.find, { ...scope, item }))
    : src.data;
  if (record === undefined || record === null) return <EmptyState text={section.empty ? text(section.empty) : undefined} />;
  return (
    <ScopeProvider data={record}>
      <SectionTitle title={section.title} />
      <SectionList sections={section.sections} />
    </ScopeProvider>
  );
}
