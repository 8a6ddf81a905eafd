/**
 * `html`: rich text, sanitised with DOMPurify (no style attributes kept). Either server HTML bound from the
 * source (`"html": "{{data.content}}"`, an article body) or static copy that translates: `"message"` names
 * an ICU message whose tags (<b>, <p>, <h2>, <ul><li> …) become HTML; bound `values` are escaped.
 */
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { RICH_TEXT_TAGS } from '../../shared/i18n/richText';
import { resolveValue } from '../runtime/bindings';
import { useRuntime } from '../runtime/context';
import { useSource } from '../runtime/useSource';
import type { HtmlSection } from '../runtime/types';
import { ErrorState, Loading, SectionTitle, useTexts } from './parts';
import './html.css';

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


const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TAGS = Object.fromEntries(RICH_TEXT_TAGS.map((tag) => [tag, (chunks: unknown[]) => (tag === 'br' ? '<br>' : `<${tag}>${chunks.join('')}</${tag}>`)]));

function RichMessage({ id, values }: { id: string; values?: Record<string, unknown> }) {
  const intl = useIntl();
  const { scope, pipes } = useRuntime();
  const bound = resolveValue(values ?? {}, scope, pipes) as Record<string, unknown>;
  const escaped = Object.fromEntries(Object.entries(bound).map(([k, v]) => [k, typeof v === 'string' ? escapeHtml(v) : v]));
  const out = intl.formatMessage({ id }, { ...escaped, ...TAGS } as never) as unknown;
  return <SafeHtml html={Array.isArray(out) ? out.join('') : String(out)} />;
}

export default function Html({ section }: { section: HtmlSection }) {
  const src = useSource(section.source);
  const { text } = useTexts({ data: src.data });
  if (section.source) {
    if (src.isLoading) return <Loading rows={3} />;
    if (src.error) return <ErrorState onRetry={src.retry} />;
  }
  return (
    <section className="w-section">
      <SectionTitle title={section.title} />
      {section.message ? <RichMessage id={section.message} values={section.values} /> : <SafeHtml html={text(section.html ?? '')} />}
    </section>
  );
}
