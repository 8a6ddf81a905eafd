/**
 * The section registry: one entry per section `type`. Light widgets used by the home route are bundled
 * with the runtime; heavy ones (forms, sanitised HTML, QR codes, popups, frames, named components) load
 * lazily, and so do the options of lists beyond plain rows (List.tsx loads RichList for them).
 */
import { lazy, type ComponentType } from 'react';
import Actions from '../widgets/Actions';
import Banner from '../widgets/Banner';
import Countdown from '../widgets/Countdown';
import Empty from '../widgets/Empty';
import Grid from '../widgets/Grid';
import List from '../widgets/List';
import Menu from '../widgets/Menu';
import Summary from '../widgets/Summary';
import Tabs from '../widgets/Tabs';
import type { SectionType } from './types';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SectionComponent = ComponentType<{ section: any }>;

export interface RegistryEntry {
  component: SectionComponent;
  /** Loaded on demand (own chunk). */
  lazy: boolean;
}

const eager = (component: SectionComponent): RegistryEntry => ({ component, lazy: false });
const deferred = (load: () => Promise<{ default: SectionComponent }>): RegistryEntry => ({ component: lazy(load), lazy: true });

export const SECTION_REGISTRY: Record<SectionType, RegistryEntry> = {
  list: eager(List),
  summary: eager(Summary),
  tabs: eager(Tabs),
  menu: eager(Menu),
  grid: eager(Grid),
  banner: eager(Banner),
  actions: eager(Actions),
  countdown: eager(Countdown),
  empty: eager(Empty),
  detail: deferred(() => import('../widgets/Detail')),
  html: deferred(() => import('../widgets/Html')),
  form: deferred(() => import('../widgets/Form')),
  qr: deferred(() => import('../widgets/Qr')),
  popup: deferred(() => import('../widgets/Popup')),
  frame: deferred(() => import('../widgets/Frame')),
  component: deferred(() => import('../widgets/Component')),
};

export const SECTION_TYPES = Object.keys(SECTION_REGISTRY) as SectionType[];

export function sectionEntry(type: string): RegistryEntry | undefined {
  return Object.prototype.hasOwnProperty.call(SECTION_REGISTRY, type) ? SECTION_REGISTRY[type as SectionType] : undefined;
}
