/**
 * Actions are data (`{ "type": "navigate", "to": "/pages/common/login" }`); this runs them.
 */
import type { ScopedMutator } from 'swr';
import { offeredLanguages } from '../platform/appConfig';
import { request } from '../api/request';
import { confirmDialog, toast } from '../platform/feedback';
import { goBack, LOGIN_ROUTE, loginRoute, navigateTo } from '../platform/navigation';
import { inAppRoute, isSafeUrl } from '../platform/urls';
import { chooseFiat, chooseLanguage } from '../state/choosers';
import { appState, clearUser, setFiat, setLanguage } from '../state/store';
import { callEndpoint } from './callEndpoint';
import { messageValues, resolveTemplate, resolveText, resolveValue, type PipeContext } from './bindings';
import { LINK_ACTIONS, type Action } from './types';

export interface ActionEnv {
  scope: Record<string, unknown>;
  pipes: PipeContext;
  /** The SWR cache's mutate (from useSWRConfig); the global one when absent. */
  mutate?: ScopedMutator;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) { await navigator.clipboard.writeText(text); return true; }
  } catch { /* fall through to the textarea path */ }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try { ok = document.execCommand('copy'); } catch { ok = false; }
  area.remove();
  return ok;
}

export async function runAction(action: Action, env: ActionEnv): Promise<void> {
  const { scope, pipes } = env;
  if ((action.type === 'call' || action.type === 'logout') && action.confirm) {
    const values = action.type === 'call' && action.confirmValues;
    const message = values ? pipes.t(action.confirm, messageValues(values, scope, pipes, appState.get().lang)) : resolveText(action.confirm, scope, pipes);
    // The buttons say what they do (Keep order / Cancel order), not "Cancel / OK".
    const ok = await confirmDialog({
      message,
      ...(action.confirmLabel ? { confirmText: resolveText(action.confirmLabel, scope, pipes) } : {}),
      ...(action.cancelLabel ? { cancelText: resolveText(action.cancelLabel, scope, pipes) } : {}),
    });
    if (!ok) return;
  }
  switch (action.type) {
    case 'navigate': {
      const to = resolveTemplate(action.to, scope, pipes);
      // Logging in from a page returns to it.
      navigateTo(to === LOGIN_ROUTE ? loginRoute() : to);
      return;
    }
    case 'back':
      goBack();
      return;
    case 'call': {
      const params = (resolveValue(action.params ?? {}, scope, pipes) ?? {}) as Record<string, unknown>;
      await callEndpoint(action.endpoint, params, { mutate: env.mutate });
      const s = action.success;
      if (s?.toast) toast(resolveText(s.toast, scope, pipes));
      if (s?.navigate) navigateTo(resolveTemplate(s.navigate, scope, pipes));
      return;
    }
    case 'logout':
      try {
        await request('GET /user/logout', {}, { silent: true });
      } catch { /* the token may be dead already; log out locally anyway */ }
      clearUser();
      navigateTo('/pages/common/login');
      return;
    case 'copy': {
      const text = String(resolveValue(action.text, scope, pipes) ?? '');
      const ok = await copyText(text);
      toast(pipes.t(action.toast && ok ? action.toast : ok ? 'widget.copied' : 'widget.copy_failed'));
      return;
    }
    case 'openUrl': {
      const url = resolveTemplate(action.url, scope, pipes);
      if (!isSafeUrl(url)) return;
      const route = inAppRoute(url);
      if (route) navigateTo(route);
      else window.open(url, '_blank', 'noopener,noreferrer');
      return;
    }
    case 'setLanguage': {
      if (action.lang === undefined) return chooseLanguage(pipes.t);
      const lang = resolveValue(action.lang, scope, pipes);
      if (offeredLanguages().has(lang)) setLanguage(lang);
      return;
    }
    case 'setFiat': {
      if (action.code === undefined) return chooseFiat(pipes.t, pipes.locale);
      const code = resolveValue(action.code, scope, pipes);
      if (typeof code === 'string' && code) setFiat(code);
      return;
    }
    default:
      return;
  }
}

/** `to: "action:setLanguage"` (data-driven links such as GET /menu rows) -> the action, if allowed. */
export function linkAction(to: string): Action | null {
  const m = /^action:([A-Za-z]+)$/.exec(to);
  if (!m || !(LINK_ACTIONS as readonly string[]).includes(m[1])) return null;
  return { type: m[1] } as Action;
}
