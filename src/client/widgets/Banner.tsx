/** `banner`: a carousel of images from an endpoint; auto-advances, pauses on hover/focus, dots are buttons. */
import { useEffect, useState } from 'react';
import { bootHeroImage, forgetBootHero } from '../runtime/bootHero';
import { usePagedSource } from '../runtime/useSource';
import type { BannerSection } from '../runtime/types';
import { Activator, useTexts } from './parts';

function Slide({ section, item, active, index, count }: {
  section: BannerSection; item: unknown; active: boolean; index: number; count: number;
}) {
  const { text, t } = useTexts({ item });
  const alt = section.alt ? text(section.alt) : t('widget.banner.slide', { n: index + 1, count });
  return (
    <div className="w-banner-slide" data-active={active} aria-hidden={!active} inert={!active} role="group" aria-roledescription="slide">
      <Activator to={section.to} item={item}>
        {/* The first slide is the screen's largest paint (the HTML preloads it); the others wait their turn. */}
        {/* width/height: the banner's 5:2 frame (widgets.css), so the image has its box before it arrives. */}
        <img src={text(section.image)} alt={alt} width={750} height={300} fetchPriority={index === 0 ? 'high' : 'low'} loading={index === 0 ? 'eager' : 'lazy'} decoding="async" />
      </Activator>
    </div>
  );
}

export default function Banner({ section }: { section: BannerSection }) {
  const { items, isLoading } = usePagedSource(section.source, 10, false);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const { t } = useTexts();
  const count = items.length;
  const interval = section.interval ?? 4000;

  useEffect(() => {
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (paused || count < 2 || reduced) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [paused, count, interval]);

  useEffect(() => { if (!isLoading) forgetBootHero(); }, [isLoading]);

  if (isLoading) {
    const drawn = bootHeroImage();
    return (
      <div className="w-banner w-section" aria-busy="true">
        {drawn && <div className="w-banner-slide" data-active="true"><img src={drawn} alt="" width={750} height={300} /></div>}
      </div>
    );
  }
  if (count === 0) return null;
  const current = index % count;
  return (
    <section className="w-banner w-section" aria-roledescription="carousel" aria-label={t('widget.banner.label')}
      onMouseEnter={() => setPaused(true)} onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)} onBlur={() => setPaused(false)}>
      {items.map((item, i) => (
        <Slide key={(item as { id?: number })?.id ?? i} section={section} item={item} active={i === current} index={i} count={count} />
      ))}
      {count > 1 && (
        <div className="w-dots">
          {items.map((item, i) => (
            <button key={(item as { id?: number })?.id ?? i} type="button" className="w-dot"
              aria-label={t('widget.banner.go_to', { n: i + 1 })} aria-current={i === current}
              onClick={() => setIndex(i)} />
          ))}
        </div>
      )}
    </section>
  );
}
