/** Inline SVG icons of the shell (currentColor, decorative: labels come from the surrounding control). */
import type { ReactElement } from 'react';
import type { TabKey } from '../platform/appConfig';

const common = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true, focusable: false };

export const TAB_ICONS: Record<TabKey, () => ReactElement> = {
  home: () => (<svg {...common}><path d="M3 10.5 12 3l9 7.5" /><path d="M5 9.5V21h5v-6h4v6h5V9.5" /></svg>),
  market: () => (<svg {...common}><path d="M3 3v18h18" /><path d="m7 15 4-4 3 3 5-6" /></svg>),
  trade: () => (<svg {...common}><path d="M7 4v16" /><path d="m3 8 4-4 4 4" /><path d="M17 20V4" /><path d="m21 16-4 4-4-4" /></svg>),
  assets: () => (<svg {...common}><rect x="3" y="6" width="18" height="14" rx="2" /><path d="M3 10h18" /><path d="M7 3h10" /><circle cx="16.5" cy="15" r="1.2" /></svg>),
  mine: () => (<svg {...common}><circle cx="12" cy="8" r="4" /><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" /></svg>),
};

export function BackIcon() {
  return (<svg {...common} className="icon-flip-rtl"><path d="m15 5-7 7 7 7" /></svg>);
}

export function ServiceIcon() {
  return (<svg {...common}><path d="M4 13v-1a8 8 0 0 1 16 0v1" /><rect x="3" y="13" width="4" height="6" rx="1.5" /><rect x="17" y="13" width="4" height="6" rx="1.5" /><path d="M19 19c0 1.5-2 2.5-5 2.5" /></svg>);
}

export function MoonIcon() {
  return (<svg {...common}><path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" /></svg>);
}

export function SunIcon() {
  return (<svg {...common}><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></svg>);
}
