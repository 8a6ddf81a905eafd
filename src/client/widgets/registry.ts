/**
 * The section registry: one widget per section `type`, one line each below (the type's options, lint rules
 * and migrations are its folder in src/shared/sections). The home route's widgets are bundled with the
 * runtime; the others are chunks of their own, which a screen fetches together with its definition
 * (`preloadSections`), so a page renders whole; a widget not fetched ahead (a type added by a live reload)
 * renders under Suspense. A widget module may export `preload(section)` for what it loads itself.
 * SectionView finds the registry through `SectionRegistryContext` (the app's unless a test
 * provides another: `createSectionRegistry`).
 */
import { createContext, type ComponentType } from 'react';
import * as Banner from './Banner';
import * as Empty from './Empty';
import * as Grid from './Grid';
import * as Header from './Header';
import * as List from './List';
import * as Tabs from './Tabs';
import { preloadComponent } from './components';
import { preloadForm } from './formCode';
import { mayBeDrawn, type KnownScope } from '../runtime/drawnAtOpen';
import { preloadable, type Preloadable } from '../runtime/preloadable';
import type { SectionType } from '../runtime/types';
import { sectionsIn } from '../../shared/screens/widgetChunks';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SectionComponent = ComponentType<{ section: any }>;

export interface WidgetModule {
  default: SectionComponent;
  /** Loads what the widget loads itself for `section` (as the screen file has it); with none, all of it. */
  preload?: (section?: object) => Promise<unknown> | undefined;
}

export interface RegistryEntry {
  component: SectionComponent;
  /** Not loaded yet: render under Suspense. */
  lazy: boolean;
}

/** The widgets by type: those bundled with the runtime, and those loaded as chunks of their own. */
export interface WidgetTable {
  bundled: Readonly<Record<string, WidgetModule>>;
  chunks: Readonly<Record<string, () => Promise<WidgetModule>>>;
  /**
   * What a section of a type loads itself, started beside its widget's chunk instead of after it (the widget's
   * own `preload` then finds it loading): a named component's chunk, the form runtime and a form file.
   */
  early?: Readonly<Record<string, (section?: object) => Promise<unknown> | undefined>>;
}

type Bundled = 'list' | 'grid' | 'banner' | 'tabs' | 'empty' | 'header';

/** What the home route draws is bundled with the runtime. */
const BUNDLED: Record<Bundled, WidgetModule> = { list: List, grid: Grid, banner: Banner, tabs: Tabs, empty: Empty, header: Header };

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
  quotes: () => import(/* webpackChunkName: "widget-quotes" */ './Quotes'),
  records: () => import(/* webpackChunkName: "widget-records" */ './Records'),
  popup: () => import(/* webpackChunkName: "widget-popup" */ './Popup'),
  frame: () => import(/* webpackChunkName: "widget-frame" */ './Frame'),
  component: () => import(/* webpackChunkName: "widget-component" */ './Component'),
  scope: () => import(/* webpackChunkName: "widget-scope" */ './Scope'),
  columns: () => import(/* webpackChunkName: "widget-columns" */ './Columns'),
  figures: () => import(/* webpackChunkName: "widget-figures" */ './Figures'),
  gate: () => import(/* webpackChunkName: "widget-gate" */ './Gate'),
};

export const APP_WIDGETS: WidgetTable = { bundled: BUNDLED, chunks: LOADERS, early: { component: preloadComponent, form: preloadForm } };

export interface SectionRegistry {
  types: readonly string[];
  sectionEntry(type: string): RegistryEntry | undefined;
  /**
   * Fetches the widgets `screen` (a definition, or anything holding `sections`) draws, and what they load
   * themselves, leaving out the sections `known` rules out (drawnAtOpen.ts); with no argument, every widget
   * (tests). Unknown types are left to SectionView to report.
   */
  preloadSections(screen?: unknown, known?: KnownScope): Promise<void>;
}

export function createSectionRegistry({ bundled, chunks, early = {} }: WidgetTable): SectionRegistry {
  const types = [...Object.keys(bundled), ...Object.keys(chunks)];
  const modules = new Map<string, Promise<WidgetModule>>();
  const widgets = new Map<string, Preloadable<{ section: unknown }>>();
  const known = (type: string) => Object.prototype.hasOwnProperty.call(bundled, type) || Object.prototype.hasOwnProperty.call(chunks, type);

  const widgetModule = (type: string): Promise<WidgetModule> => {
    let loading = modules.get(type);
    if (!loading) {
      loading = Object.prototype.hasOwnProperty.call(bundled, type) ? Promise.resolve(bundled[type]) : chunks[type]();
      modules.set(type, loading);
      loading.catch(() => modules.delete(type));
    }
    return loading;
  };

  const widget = (type: string): Preloadable<{ section: unknown }> => {
    let entry = widgets.get(type);
    if (!entry) {
      entry = preloadable(() => widgetModule(type));
      widgets.set(type, entry);
    }
    return entry;
  };

  return {
    types,
    sectionEntry(type) {
      if (!known(type)) return undefined;
      if (Object.prototype.hasOwnProperty.call(bundled, type)) return { component: bundled[type].default, lazy: false };
      const entry = widget(type);
      return entry.ready ? { component: entry.ready, lazy: false } : { component: entry.Lazy, lazy: true };
    },
    async preloadSections(screen, knownScope = {}) {
      const wanted: Array<[string, object | undefined]> = [];
      if (screen === undefined) for (const type of types) wanted.push([type, undefined]);
      else for (const section of sectionsIn(screen, (s) => mayBeDrawn(s, knownScope))) if (known(section.type)) wanted.push([section.type, section]);
      await Promise.all(wanted.map(async ([type, section]) => {
        const own = Object.prototype.hasOwnProperty.call(early, type) ? early[type](section) : undefined;
        const [mod] = await Promise.all([widgetModule(type), widget(type).load(), own]);
        await mod.preload?.(section);
      }));
    },
  };
}

const APP_REGISTRY = createSectionRegistry(APP_WIDGETS);

export const SECTION_TYPES = APP_REGISTRY.types as readonly SectionType[];
export const { sectionEntry, preloadSections } = APP_REGISTRY;

export const SectionRegistryContext = createContext<SectionRegistry>(APP_REGISTRY);
