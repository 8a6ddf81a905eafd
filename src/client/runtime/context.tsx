/**
 * The runtime's React context: what bindings can read (scope) and how pipes format (locale, fiat, t).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { offeredLanguages } from '../platform/appConfig';
import { useT } from '../i18n';
import { useAppState } from '../state/store';
import type { PipeContext } from './bindings';
import type { Scope } from './types';

export interface RuntimeValue {
  scope: Scope;
  pipes: PipeContext;
}

const RuntimeContext = createContext<RuntimeValue | null>(null);

interface StateSlice { lang?: unknown; user?: unknown; siteConfig?: unknown; fiat?: { currency_code?: string; rate?: string | number } | null; token?: unknown }

export function RuntimeProvider({ query, params, children }: {
  query: Record<string, string>; params?: Record<string, unknown>; children: ReactNode;
}) {
  const t = useT();
  const lang = useAppState((s: StateSlice) => s.lang);
  const user = useAppState((s: StateSlice) => s.user);
  const config = useAppState((s: StateSlice) => s.siteConfig);
  const fiat = useAppState((s: StateSlice) => s.fiat);
  const value = useMemo<RuntimeValue>(() => ({
    scope: { params: params ?? {}, query, user: user ?? null, config: config ?? null, data: null, item: null },
    pipes: {
      t,
      locale: offeredLanguages().tag(String(lang)),
      fiat: { code: fiat?.currency_code ?? 'USD', rate: fiat?.rate ?? 1 },
    },
  }), [t, lang, user, config, fiat, query, params]);
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}

/** The runtime's value, or null outside a screen (a form rendered on its own). */
export function useOptionalRuntime(): RuntimeValue | null {
  return useContext(RuntimeContext);
}

export function useRuntime(): RuntimeValue {
  const v = useContext(RuntimeContext);
  if (!v) throw new Error('screen widgets must be rendered inside <Screen>');
  return v;
}

/** A nested scope (e.g. one list row) for the sections and texts below it. */
export function ScopeProvider({ data, item, children }: { data?: unknown; item?: unknown; children: ReactNode }) {
  const parent = useRuntime();
  const value = useMemo<RuntimeValue>(() => ({
    ...parent,
    scope: { ...parent.scope, ...(data !== undefined ? { data } : {}), ...(item !== undefined ? { item } : {}) },
  }), [parent, data, item]);
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}

/** A scope of its own for the sections below: a form's (the screen's, what is typed, its live answer). */
export function RuntimeValueProvider({ value, children }: { value: RuntimeValue; children: ReactNode }) {
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}
