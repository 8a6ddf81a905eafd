/**
 * Toast, confirm dialog, action sheet and the loading indicator, callable from anywhere (also outside
 * React). The state lives in a tiny external store that <FeedbackHost/> renders. Texts are already
 * localised strings.
 */
export interface ToastState { id: number; text: string }
export interface DialogState {
  id: number;
  /** The route (location hash) it was opened on. */
  at: string;
  title?: string;
  message: string;
  confirmText?: string;
  cancelText?: string;
  resolve: (ok: boolean) => void;
}
/** An action sheet entry: its text, optionally the language it is written in and whether it is the current choice. */
export type SheetItem = string | { label: string; lang?: string; selected?: boolean };
export interface SheetState {
  id: number;
  at: string;
  title?: string;
  items: SheetItem[];
  resolve: (index: number | null) => void;
}
export interface FeedbackState {
  toast: ToastState | null;
  dialog: DialogState | null;
  sheet: SheetState | null;
  loading: boolean;
}

let state: FeedbackState = { toast: null, dialog: null, sheet: null, loading: false };
const listeners = new Set<() => void>();
let nextId = 1;
let toastTimer: ReturnType<typeof setTimeout> | undefined;
let loadingCount = 0;

function set(patch: Partial<FeedbackState>): void {
  state = { ...state, ...patch };
  for (const fn of [...listeners]) fn();
}

export const feedbackStore = {
  get: (): FeedbackState => state,
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => { listeners.delete(fn); };
  },
};

/** The shortest a toast stays; a longer text stays longer (TOAST_MS_PER_CHARACTER), up to TOAST_MAX_MS. */
export const TOAST_DURATION_MS = 2500;
export const TOAST_MS_PER_CHARACTER = 60;
export const TOAST_MAX_MS = 6000;

/** How long a toast of this text stays: long enough to read it (about 17 characters a second). */
export function toastDuration(text: string): number {
  return Math.min(TOAST_MAX_MS, Math.max(TOAST_DURATION_MS, 1000 + [...text].length * TOAST_MS_PER_CHARACTER));
}

/**
 * Shows a short message (one at a time, like a native toast); a new toast replaces the current one. Toasts
 * tell of successes and of actions outside forms; a form shows its own refusals (forms/SchemaForm.tsx).
 */
export function toast(text: string, durationMs = toastDuration(text)): void {
  if (!text) return;
  clearTimeout(toastTimer);
  const id = nextId++;
  set({ toast: { id, text } });
  toastTimer = setTimeout(() => {
    if (state.toast?.id === id) set({ toast: null });
  }, durationMs);
}

export function hideToast(): void {
  clearTimeout(toastTimer);
  set({ toast: null });
}

const currentRoute = (): string => (typeof location === 'undefined' ? '' : location.hash);

/**
 * Leaving a route (the back button, a link) dismisses the dialog and sheet opened on it, as a phone's back
 * gesture closes a modal: the dialog resolves false, the sheet null.
 */
export function dismissOpenedElsewhere(): void {
  const here = currentRoute();
  if (state.dialog && state.dialog.at !== here) state.dialog.resolve(false);
  if (state.sheet && state.sheet.at !== here) state.sheet.resolve(null);
}

/** Resolves true on confirm, false on cancel / Escape. A new dialog cancels a pending one. */
export function confirmDialog(opts: { title?: string; message: string; confirmText?: string; cancelText?: string }): Promise<boolean> {
  state.dialog?.resolve(false);
  return new Promise<boolean>((resolve) => {
    const id = nextId++;
    set({
      dialog: {
        id, at: currentRoute(), ...opts,
        resolve: (ok) => {
          if (state.dialog?.id === id) set({ dialog: null });
          resolve(ok);
        },
      },
    });
  });
}

/** Resolves the chosen item's index, or null when dismissed. */
export function actionSheet(opts: { title?: string; items: SheetItem[] }): Promise<number | null> {
  state.sheet?.resolve(null);
  return new Promise<number | null>((resolve) => {
    const id = nextId++;
    set({
      sheet: {
        id, at: currentRoute(), ...opts,
        resolve: (index) => {
          if (state.sheet?.id === id) set({ sheet: null });
          resolve(index);
        },
      },
    });
  });
}

/** Loading indicator with a counter, so overlapping requests show one indicator. */
export function showLoading(): void {
  loadingCount++;
  if (!state.loading) set({ loading: true });
}

export function hideLoading(): void {
  loadingCount = Math.max(0, loadingCount - 1);
  if (loadingCount === 0 && state.loading) set({ loading: false });
}

/** Test hook. */
export function resetFeedback(): void {
  clearTimeout(toastTimer);
  loadingCount = 0;
  state = { toast: null, dialog: null, sheet: null, loading: false };
  for (const fn of [...listeners]) fn();
}
