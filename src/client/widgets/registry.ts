/**
 * The section registry: one entry per section `type`. The home route's widgets are bundled with the runtime;
 * the others are chunks of their own, which a screen fetches together with its definition
 * (`preloadSections`), so a page renders whole; a widget not fetched ahead (a type added by a live reload) renders
 * under Suspense. A widget module may export `preload(section)` for what it loads itself (List: RichList).
 */
import type { ComponentType } from 'react';
import * as Banner from './Banner';
import * as Empty from './Empty';
import * as Grid from './Grid';
import * as List from './List';
import * as Tabs from './Tabs';
import { preloadable, type Preloadable } from '../runtime/preloadable';
import type { SectionType } from '../runtime/types';
import { sectionsIn } from '../../shared/screens/widgetChunks';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SectionComponent = ComponentType<{ section: any }>;

interface WidgetModule {
  default: SectionComponent;
  /** Loads what the widget loads itself for `section` (as the screen file has it); with none, all of it. */
  preload?: (section?: object) => Promise<unknown> | undefined;
}

export interface RegistryEntry {
  component: SectionComponent;
  /** Not loaded yet: render under Suspense. */
  lazy: boolean;
}

/** What the home route draws is bundled with the runtime. */
const BUNDLED: Partial<Record<SectionType, WidgetModule>> = { list: List, grid: Grid, banner: Banner, tabs: Tabs, empty: Empty };
type Bundled = 'list' | 'grid' | 'banner' | 'tabs' | 'empty';

/** Every other widget is a chunk of its own. */
const LOADERS: Record<Exclude<SectionType, Bundled>, () => Promise<WidgetModule>> = {
  summary: () => import(/* webpackChunkName: "widget-summary" */ './Summary'),
  menu: () => import(/* webpackChunkName: "widget-menu" */ './Menu'),
  actions: () => import(/* webpackChunkName: "widget-actions" */ './Actions'),
  countdown: () => import(/* webpackChunkName: "widget-countdown" */ './Countdown'),
  detail: () => import(/* webpackChunkName: "widget-detail" */ './Detail'),
  html: () => import(/* webpackChunkName: "widget-html" */ './Html'),
  form: () => import(/* webpackChunkName: "widget-form" */ './Form'),
  qr: () => import(/* webpackChunkName: "widget-qr" */ './Qr'),
  popup: () => import(/* webpackChunkName: "widget-popup" */ './Popup'),
  frame: () => import(/* webpackChunkName: "widget-frame" */ './Frame'),
  component: () => import(/* webpackChunkName: "widget-component" */ './Component'),
  scope: () => import(/* webpackChunkName: "widget-scope" */ './Scope'),
};

export const SECTION_TYPES = [...Object.keys(BUNDLED), ...Object.keys(LOADERS)] as SectionType[];

const modules = new Map<SectionType, Promise<WidgetModule>>();
const widgets = new Map<SectionType, Preloadable<{ section: unknown }>>();

function isSectionType(type: string): type is SectionType {
  return (SECTION_TYPES as string[]).includes(type);
}

function widgetModule(type: SectionType): Promise<WidgetModule> {
  let loading = modules.get(type);
  if (!loading) {
    const bundled = BUNDLED[type];
    loading = bundled ? Promise.resolve(bundled) : LOADERS[type as keyof typeof LOADERS]();
    modules.set(type, loading);
    loading.catch(() => modules.delete(type));
  }
  return loading;
}

function widget(type: SectionType): Preloadable<{ section: unknown }> {
  let entry = widgets.get(type);
  if (!entry) {
    entry = preloadable(() => widgetModule(type));
    widgets.set(type, entry);
  }
  return entry;
}

export function sectionEntry(type: string): RegistryEntry | undefined {
  if (!isSectionType(type)) return undefined;
  const bundled = BUNDLED[type];
  if (bundled) return { component: bundled.default, lazy: false };
  const entry = widget(type);
  return entry.ready ? { component: entry.ready, lazy: false } : { component: entry.Lazy, lazy: true };
}

/**
 * Fetches the widgets `screen` (a definition, or anything holding `sections`) draws, and what they load
 * themselves; with no argument, every widget (tests). Unknown types are left to SectionView to report.
 */
export async function preloadSections(screen?: unknown): Promise<void> {
  const wanted: Array<[SectionType, object | undefined]> = [];
  if (screen === undefined) for (const type of SECTION_TYPES) wanted.push([type, undefined]);
  else for (const section of sectionsIn(screen)) if (isSectionType(section.type)) wanted.push([section.type, section]);
  await Promise.all(wanted.map(async ([type, section]) => {
    const [mod] = await Promise.all([widgetModule(type), widget(type).load()]);
    await mod.preload?.(section);
  }));
}
