/**
 * Choices kept on this device for screen files: yes/no preferences (`"assetPrefs.hideSmall"`: the flag
 * `hideSmall` of the JSON object stored under `assetPrefs`) and lists such as recent searches. Every section
 * naming the same preference shows the same value and follows its changes (the eye of a total masks the
 * rows of the list below it). The app's own storage keys (token, user, language …) cannot be named.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { readJson, writeJson, type StorageKey } from '../state/storage';

/** Keys of the app's own state (src/client/state/storage.ts) that a screen file must never overwrite. */
const RESERVED: ReadonlySet<string> = new Set(['token', 'h5Version', 'saveFiatsTime', 'user', 'lang', 'fiat', 'fiats', 'lastPair']);
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

/** A storage key a screen file may use, or null. */
export function deviceKey(name: string | undefined): StorageKey | null {
  return name && NAME.test(name) && !RESERVED.has(name) ? (name as StorageKey) : null;
}

/** `assetPrefs.hideSmall` -> its storage key and flag, or null when malformed or reserved. */
export function parsePref(ref: string | undefined): { key: StorageKey; flag: string } | null {
  if (!ref) return null;
  const dot = ref.indexOf('.');
  if (dot < 0) return null;
  const key = deviceKey(ref.slice(0, dot));
  const flag = ref.slice(dot + 1);
  return key && NAME.test(flag) ? { key, flag } : null;
}

const listeners = new Set<() => void>();

function storedObject(key: StorageKey): Record<string, unknown> {
  const raw = readJson<unknown>(key);
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
}

export function readPref(ref: string | undefined, fallback: boolean): boolean {
  const p = parsePref(ref);
  if (!p) return fallback;
  const v = storedObject(p.key)[p.flag];
  return typeof v === 'boolean' ? v : fallback;
}

export function writePref(ref: string | undefined, value: boolean): void {
  const p = parsePref(ref);
  if (!p) return;
  writeJson(p.key, { ...storedObject(p.key), [p.flag]: value });
  for (const l of [...listeners]) l();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => { listeners.delete(l); };
}

/** A device preference and its setter; without `ref`, always `fallback`. */
export function usePref(ref: string | undefined, fallback: boolean): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(subscribe, () => readPref(ref, fallback), () => fallback);
  const set = useCallback((v: boolean) => writePref(ref, v), [ref]);
  return [value, set];
}

/** A list of strings kept under a device key (at most `max`). */
export function readList(name: string | undefined, max: number): string[] {
  const key = deviceKey(name);
  const stored = key ? readJson<unknown>(key) : null;
  return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string').slice(0, max) : [];
}

export function writeList(name: string | undefined, list: string[]): void {
  const key = deviceKey(name);
  if (key) writeJson(key, list);
}

/** Several preferences at once (a list's row filters), as one snapshot string. */
export function usePrefs(refs: readonly string[], fallbacks: readonly boolean[]): boolean[] {
  const snapshot = useSyncExternalStore(
    subscribe,
    () => refs.map((r, i) => (readPref(r, fallbacks[i]) ? '1' : '0')).join(''),
    () => fallbacks.map((f) => (f ? '1' : '0')).join(''),
  );
  return [...snapshot].map((c) => c === '1');
}
