/**
 * `list`: rows from an endpoint, paged by a 'load more' button or infinite scroll, or a one-line announcement
 * strip. Market tables are `quotes` (Quotes.tsx) and records with fields, buttons or a countdown `records`
 * (Records.tsx); both share the title, the footer and the infinite scroll below.
 */
import { lazy, Suspense, useEffect, useRef, type RefObject } from 'react';
import { usePagedSource, type PagedResult } from '../runtime/useSource';
import { DEFAULT_LIMIT } from '../runtime/sourceKey';
import type { ListItemTemplate, ListSection, Template, Text } from '../runtime/types';
import { RowValue } from './list/rowParts';
import { Activator, Chevron, CoinIcon, EmptyState, ErrorState, Icon, Loading, SectionTitle, useTexts } from './parts';

const SafeHtml = lazy(() => import('./Html').then((m) => ({ default: m.SafeHtml })));

function ExpandableRow({ template, item }: { template: ListItemTemplate; item: unknown }) {
  const { text } = useTexts({ item });
  return (
    <li>
      <details className="w-row-details">
        <summary className="w-row">{text(template.title)}</summary>
        <Suspense fallback={<Loading />}><SafeHtml html={text(template.body)} /></Suspense>
      </details>
    </li>
  );
}

export function Row({ template, item }: { template: ListItemTemplate; item: unknown }) {
  const { text, rich } = useTexts({ item });
  if (template.body) return <ExpandableRow template={template} item={item} />;
  const image = template.image ? text(template.image) : '';
  return (
    <li>
      <Activator className="w-row" to={template.to} action={template.action} item={item}>
        {image && <img className="w-row-img" src={image} alt="" />}
        {template.coin && <CoinIcon symbol={text(template.coin)} />}
        <span className="w-row-main">
          {template.title && <span className="w-row-title">{text(template.title)}</span>}
          {template.subtitle && <span className="w-row-sub">{rich(template.subtitle)}</span>}
        </span>
        <RowValue value={template.value ? rich(template.value) : undefined} notes={[template.note ? rich(template.note) : undefined]} />
      </Activator>
    </li>
  );
}

function StripRow({ template, item }: { template: ListItemTemplate; item: unknown }) {
  const { text } = useTexts({ item });
  return <Activator to={template.to} action={template.action} item={item}>{text(template.title)}</Activator>;
}

type Paging = NonNullable<ListSection['paging']>;

/** With infinite paging, loads the next page when the returned element scrolls into view. */
export function useInfiniteScroll(paging: Paging, list: Pick<PagedResult, 'hasMore' | 'isLoadingMore' | 'loadMore'>): RefObject<HTMLDivElement | null> {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasMore, loadMore, isLoadingMore } = list;
  useEffect(() => {
    if (paging !== 'infinite' || !hasMore || isLoadingMore) return undefined;
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [paging, hasMore, isLoadingMore, loadMore]);
  return sentinel;
}

/** Under the rows: loading more, the load-more button, the end, or a failed page. */
export function ListFooter({ paging, list, sentinel }: {
  paging: Paging; list: Pick<PagedResult, 'hasMore' | 'isLoadingMore' | 'loadMore' | 'error' | 'retry'>; sentinel: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTexts();
  const { hasMore, isLoadingMore, loadMore } = list;
  return (
    <div className="w-footer" ref={sentinel}>
      {isLoadingMore && <span role="status">{t('list.loading')}</span>}
      {!isLoadingMore && hasMore && paging === 'more' && (
        <button type="button" className="w-link-button" onClick={loadMore}>{t('list.load_more')}</button>
      )}
      {!isLoadingMore && !hasMore && paging !== 'none' && <span>{t('list.no_more')}</span>}
      {list.error !== undefined && <ErrorState onRetry={list.retry} />}
    </div>
  );
}

/** The section's title, with "More" linking to the whole list when `moreTo` is set. */
export function ListTitle({ section }: { section: { title?: Text; moreTo?: Template } }) {
  const { t } = useTexts();
  if (!section.moreTo) return <SectionTitle title={section.title} />;
  return (
    <div className="w-title-row">
      <SectionTitle title={section.title} />
      <Activator className="w-link" to={section.moreTo}>{t('list.more')}</Activator>
    </div>
  );
}

export default function List({ section }: { section: ListSection }) {
  const paging = section.paging ?? 'more';
  const limit = section.limit ?? DEFAULT_LIMIT;
  const list = usePagedSource(section.source, limit, paging !== 'none');
  const { t, text } = useTexts();
  const sentinel = useInfiniteScroll(paging, list);

  if (section.layout === 'strip') {
    // While it loads the strip keeps its place (a strip that appeared late pushed the shortcuts and tabs down).
    if (list.isLoading) return <div className="w-strip w-section" aria-busy="true"><Icon name="bell" /></div>;
    if (list.error || list.items.length === 0) return null;
    return (
      <div className="w-strip w-section" role="region" aria-label={section.title ? text(section.title) : t('widget.announcements')}>
        <Icon name="bell" />
        <StripRow template={section.item} item={list.items[0]} />
        {section.moreTo && <Activator className="w-strip-more" to={section.moreTo} label={t('list.more_label', { title: section.title ? text(section.title) : t('widget.announcements') })}>{t('list.more')}<Chevron /></Activator>}
      </div>
    );
  }

  let body;
  if (list.isLoading) body = <Loading rows={3} />;
  else if (list.error && list.items.length === 0) body = <ErrorState onRetry={list.retry} />;
  else if (list.items.length === 0) body = <EmptyState text={section.empty ? text(section.empty) : undefined} hint={section.emptyHint ? text(section.emptyHint) : undefined} action={section.emptyAction} />;
  else {
    body = (
      <>
        <ul className="w-list">
          {list.items.map((item, i) => <Row key={(item as { id?: string | number })?.id ?? i} template={section.item} item={item} />)}
        </ul>
        <ListFooter paging={paging} list={list} sentinel={sentinel} />
      </>
    );
  }
  return (
    <section className="w-section" aria-busy={list.isLoading || list.isLoadingMore}>
      <ListTitle section={section} />
      {body}
    </section>
  );
}
