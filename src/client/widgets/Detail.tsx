/**
 * `detail`: one record from an endpoint. With `html`, an article (heading, image, body); without, a profile
 * header (avatar or initial, heading, subheading, badges).
 */
import { test } from '../../shared/screens/expression';
import { useSource } from '../runtime/useSource';
import type { DetailSection } from '../runtime/types';
import { SafeHtml } from './Html';
import { EmptyState, ErrorState, Loading, useTexts } from './parts';
import './detail.css';

export default function Detail({ section }: { section: DetailSection }) {
  const src = useSource(section.source);
  const { text, scope } = useTexts({ data: src.data });
  if (src.isLoading) return <Loading rows={3} />;
  if (src.error) return <ErrorState onRetry={src.retry} />;
  if (src.data === undefined || src.data === null) return <EmptyState />;
  const image = section.image ? text(section.image) : '';
  const html = section.html ? text(section.html) : '';
  const heading = section.heading ? text(section.heading) : '';
  if (!section.html) {
    // A profile: avatar (or the name's first letter) beside the heading.
    return (
      <article className="w-section w-profile">
        {image
          ? <img className="w-avatar" src={image} alt="" width={56} height={56} />
          : <span className="w-avatar w-avatar--initial" aria-hidden="true">{[...heading][0]?.toUpperCase() ?? ''}</span>}
        <div className="w-profile-text">
          {heading && <h1>{heading}</h1>}
          {section.subheading && <p className="w-row-sub"><bdi>{text(section.subheading)}</bdi></p>}
          <Badges badges={section.badges} shown={(b) => test(b.visibleIf, scope)} text={text} />
        </div>
      </article>
    );
  }
  return (
    <article className="w-section">
      <div className="w-detail-head">
        {image && <img className="w-detail-img" src={image} alt="" />}
        {heading && <h1>{heading}</h1>}
        {section.subheading && <p className="w-row-sub">{text(section.subheading)}</p>}
      </div>
      {html && <SafeHtml html={html} />}
    </article>
  );
}

type Badge = NonNullable<DetailSection['badges']>[number];

function Badges({ badges, shown, text }: { badges: DetailSection['badges']; shown: (b: Badge) => boolean; text: (t: Badge['text']) => string }) {
  const list = (badges ?? []).filter(shown).map((b) => ({ tone: b.tone ?? 'neutral', label: text(b.text) })).filter((b) => b.label);
  if (!list.length) return null;
  return (
    <ul className="w-badges">
      {list.map((b, i) => <li key={i} className={`w-badge w-badge--${b.tone}`}><bdi>{b.label}</bdi></li>)}
    </ul>
  );
}
