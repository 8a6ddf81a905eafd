/**
 * The theme's colours for a chart, read from the CSS tokens (styles/tokens.css) and read again whenever the
 * theme changes: `<html data-theme>` (a dark trading screen holds it while shown, set after its sections
 * first render) or the system's light/dark preference. A canvas cannot use CSS variables, so without this a
 * chart drawn before the page turned dark kept the light theme's grid lines.
 */
import { useEffect, useState } from 'react';
import type { ChartColors } from './klineOption';

function cssColor(name: string, fallback: string): string {
  const v = typeof getComputedStyle === 'function' ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() : '';
  return v || fallback;
}

export function chartColors(): ChartColors {
  return {
    up: cssColor('--color-up', '#0a7f45'), down: cssColor('--color-down', '#c62828'), text: cssColor('--color-text', '#14171a'),
    muted: cssColor('--color-text-muted', '#5b6470'), grid: cssColor('--color-border', '#d9e0e4'),
    surface: cssColor('--color-surface', '#ffffff'),
    ma: [cssColor('--color-ma-0', '#8a6100'), cssColor('--color-ma-1', '#a3287f'), cssColor('--color-ma-2', '#175cd3')],
  };
}

const same = (a: ChartColors, b: ChartColors) => JSON.stringify(a) === JSON.stringify(b);

/** The chart colours of the theme shown now; a new object only when the theme's colours changed. */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(chartColors);
  useEffect(() => {
    const update = () => setColors((prev) => { const next = chartColors(); return same(prev, next) ? prev : next; });
    update();
    const observer = typeof MutationObserver === 'function' ? new MutationObserver(update) : null;
    observer?.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] });
    const media = typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : null;
    media?.addEventListener?.('change', update);
    return () => {
      observer?.disconnect();
      media?.removeEventListener?.('change', update);
    };
  }, []);
  return colors;
}
