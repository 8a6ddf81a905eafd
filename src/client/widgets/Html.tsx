/** `html`: server HTML (articles, FAQ answers), sanitised with DOMPurify; no style attributes kept. */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useSource } from '../runtime/useSource';
import type { HtmlSection } from '../runtime/types';
import { ErrorState, Loading, SectionTitle, useTexts } from './parts';

const FORBID_TAGS = ['style', 'script', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base'];

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR: ['style', 'class', 'id', 'srcset'],
    ALLOW_DATA_ATTR: false,
  });
}

export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="w-html" dangerouslySetInnerHTML={{ __html: clean }} />;
}

export default function Html({ section }: { section: HtmlSection }) {
  const src = useSource(section.source);
  const { text } = useTexts({ data: src.data });
  if (section.source) {
    if (src.isLoading) return <Loading />;
    if (src.error) return <ErrorState onRetry={src.retry} />;
  }
  return (
    <section className="w-section">
      <SectionTitle title={section.title} />
      <SafeHtml html={text(section.html)} />
    </section>
  );
}
