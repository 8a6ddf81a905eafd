/** `detail`: one record from an endpoint (an article, the user's profile): heading, image, HTML body. */
import { useSource } from '../runtime/useSource';
import type { DetailSection } from '../runtime/types';
import { SafeHtml } from './Html';
import { EmptyState, ErrorState, Loading, useTexts } from './parts';

export default function Detail({ section }: { section: DetailSection }) {
  const src = useSource(section.source);
  const { text } = useTexts({ data: src.data });
  if (src.isLoading) return <Loading />;
  if (src.error) return <ErrorState onRetry={src.retry} />;
  if (src.data === undefined || src.data === null) return <EmptyState />;
  const image = section.image ? text(section.image) : '';
  const html = section.html ? text(section.html) : '';
  return (
    <article className="w-section">
      <div className="w-detail-head">
        {image && <img className={section.html ? 'w-detail-img' : 'w-avatar'} src={image} alt="" />}
        {section.heading && <h1>{text(section.heading)}</h1>}
        {section.subheading && <p className="w-row-sub">{text(section.subheading)}</p>}
      </div>
      {html && <SafeHtml html={html} />}
    </article>
  );
}
