/**
 * The watch list, and any list's `follow`: a star on every row to follow or unfollow it. The followed rows
 * come from `follow.source` while someone is logged in; a visitor's tap says to log in first and opens login.
 * After a change the server's message is shown, and the call refreshes every section reading the followed
 * rows (runtime/callEndpoint.ts). The market lists (screens) and the pair detail (WATCHLIST) share it, so
 * they stay in step.
 */
import { memo, useCallback, useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { readDotted } from '../../../shared/screens/expression';
import { resolveValue } from '../../runtime/bindings';
import { callEndpoint } from '../../runtime/callEndpoint';
import { useRuntime } from '../../runtime/context';
import type { ListFollow } from '../../runtime/types';
import { useSource } from '../../runtime/useSource';
import { toast } from '../../platform/feedback';
import { LOGIN_ROUTE, navigateTo } from '../../platform/navigation';
import { useAppState } from '../../state/store';

export type FollowToggle = (item: unknown, followed: boolean) => void;

export interface FollowState {
  /** Keys of the followed rows. */
  followed: ReadonlySet<string>;
  toggle: FollowToggle;
}

const NONE: ReadonlySet<string> = new Set();

/** The user's watch list of pairs as the pair detail follows them: a pair is on it at most once, so a row's id is its pair's id. */
export const WATCHLIST: ListFollow = {
  source: { endpoint: 'GET /optional/list' },
  key: 'id',
  add: { endpoint: 'POST /optional/add', params: { currency_id: '{{item.currency_id}}', legal_id: '{{item.legal_id}}' } },
  remove: { endpoint: 'POST /optional/del', params: { id: '{{item.id}}' } },
  addLabel: 'market.favorite_add',
  removeLabel: 'market.favorite_remove',
};

export function useFollow(follow: ListFollow): FollowState;
export function useFollow(follow: ListFollow | undefined): FollowState | null;
export function useFollow(follow: ListFollow | undefined): FollowState | null {
  const { scope, pipes } = useRuntime();
  const { mutate } = useSWRConfig();
  const token = useAppState((s: { token: string }) => s.token);
  const list = useSource<unknown[]>(follow && token ? follow.source : undefined);
  const followed = useMemo(() => {
    if (!follow || !Array.isArray(list.data)) return NONE;
    return new Set(list.data.map((row) => String(readDotted(row, follow.key) ?? '')));
  }, [follow, list.data]);

  const toggle = useCallback<FollowToggle>((item, isFollowed) => {
    if (!follow) return;
    if (!token) {
      toast(pipes.t('common.login_first'));
      navigateTo(LOGIN_ROUTE);
      return;
    }
    const call = isFollowed ? follow.remove : follow.add;
    const params = resolveValue(call.params ?? {}, { ...(scope), item }, pipes) as Record<string, unknown>;
    void (async () => {
      try {
        const message = await callEndpoint(call.endpoint, params, { mutate });
        if (typeof message === 'string' && message) toast(message);
      } catch { /* the shell showed the server's message (api/events) */ }
    })();
  }, [follow, token, scope, pipes, mutate]);

  return follow ? { followed, toggle } : null;
}

/** The star leading a row. */
export const Star = memo(function Star({ item, followed, label, onToggle }: {
  item: unknown; followed: boolean; label: string; onToggle: FollowToggle;
}) {
  return (
    <button type="button" className="w-star" aria-pressed={followed} aria-label={label} onClick={() => onToggle(item, followed)}>
      <span aria-hidden="true">{followed ? '★' : '☆'}</span>
    </button>
  );
});
