/**
 * The exact value of a rounded number (widgets/parts.tsx marks it `data-exact`): a tap or Enter shows it in a
 * bubble anchored to the number; a tap elsewhere, Escape, a scroll or a few seconds close it. One listener on
 * the document serves every number of the app, so no widget wires anything.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import './exactValue.css';

/** How long the bubble stays without a tap elsewhere. */
export const EXACT_VALUE_MS = 4000;
/** Space kept between the bubble and the number or the screen's edge (px). */
const GAP = 8;

interface Shown { anchor: HTMLElement; exact: string }

/** The rounded number tapped: not one inside a link or button, whose tap is theirs. */
function roundedNumberAt(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const el = target.closest<HTMLElement>('[data-exact]');
  if (!el || el.parentElement?.closest('a, button, [role="button"], label')) return null;
  return el;
}

export function ExactValue() {
  const [shown, setShown] = useState<Shown | null>(null);
  const bubble = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const show = (anchor: HTMLElement) => setShown((now) => (now?.anchor === anchor ? null : { anchor, exact: anchor.dataset.exact ?? '' }));
    const onClick = (e: MouseEvent) => {
      const anchor = roundedNumberAt(e.target);
      if (anchor) show(anchor);
      else if (!bubble.current?.contains(e.target as Node)) setShown(null);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') { setShown(null); return; }
      if (e.key !== 'Enter' && e.key !== ' ') return;
      const anchor = roundedNumberAt(e.target);
      if (!anchor) return;
      e.preventDefault();
      show(anchor);
    };
    const close = () => setShown(null);
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', close, { capture: true, passive: true });
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', close, { capture: true });
      window.removeEventListener('resize', close);
    };
  }, []);

  useEffect(() => {
    if (!shown) return undefined;
    const timer = setTimeout(() => setShown(null), EXACT_VALUE_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  // Placed before paint: above the number (below it when there is no room), inside the screen's width.
  useLayoutEffect(() => {
    const box = bubble.current;
    if (!shown || !box) return;
    const at = shown.anchor.getBoundingClientRect();
    const width = box.offsetWidth;
    const height = box.offsetHeight;
    const left = Math.min(Math.max(GAP, at.left + at.width / 2 - width / 2), Math.max(GAP, window.innerWidth - GAP - width));
    const top = at.top - GAP - height >= GAP ? at.top - GAP - height : at.bottom + GAP;
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
  }, [shown]);

  if (!shown) return null;
  return (
    <div ref={bubble} className="exact-value" role="tooltip" data-testid="exact-value">
      <bdi dir="ltr">{shown.exact}</bdi>
    </div>
  );
}
