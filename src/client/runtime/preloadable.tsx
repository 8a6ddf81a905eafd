/**
 * A component in its own chunk that can be fetched ahead of its first render. Once `load()` has settled,
 * `ready` is the component itself and renders at once; before that, `Lazy` renders it under Suspense.
 * Screens fetch what they will draw together with their definition, so a page appears whole, not in steps.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

export interface Preloadable<P> {
  load(): Promise<ComponentType<P>>;
  /** The component, once loaded. */
  readonly ready: ComponentType<P> | undefined;
  readonly Lazy: LazyExoticComponent<ComponentType<P>>;
}

export function preloadable<P>(loader: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let ready: ComponentType<P> | undefined;
  const load = () => {
    loading ??= loader().then((m) => (ready = m.default), (err: unknown) => {
      loading = undefined; // a chunk that failed to arrive is asked for again next time
      throw err;
    });
    return loading;
  };
  return {
    load,
    get ready() { return ready; },
    Lazy: lazy(() => load().then((component) => ({ default: component }))),
  };
}

/** Renders `of` with `props`: at once when loaded, else under Suspense with `fallback`. */
export function Preloaded<P extends object>({ of, props, fallback = null }: { of: Preloadable<P>; props: P; fallback?: ReactNode }) {
  const Ready = of.ready;
  if (Ready) return <Ready {...props} />;
  return <Suspense fallback={fallback}><of.Lazy {...props} /></Suspense>;
}
