/**
 * The user's watch list (GET /optional/list) and a toggle that follows or unfollows a pair. A pair is on it
 * at most once, so a row's id is its pair's id. Visitors are told to log in and sent to login. Shared by the
 * market tab and the pair detail, so both stay in step.
 */
import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import { request, swrFetcher } from '../../api/request';
import { useT } from '../../i18n';
import { toast } from '../../platform/feedback';
import { LOGIN_ROUTE, navigateTo } from '../../platform/navigation';
import { useAppState } from '../../state/store';
import type { MarketQuote } from './useLiveQuotes';

const LIST_KEY = ['GET /optional/list', {}] as const;

export function useWatchlist() {
  const t = useT();
  const token = useAppState((s: { token: string }) => s.token);
  const list = useSWR<MarketQuote[]>(token ? LIST_KEY : null, swrFetcher as (k: readonly [string, object]) => Promise<MarketQuote[]>);
  const followedSet = useMemo(() => new Set((list.data ?? []).map((q) => q.id)), [list.data]);
  const { mutate } = list;

  const toggle = useCallback(async (pair: Pick<MarketQuote, 'id' | 'currency_id' | 'legal_id'>, isFollowed: boolean) => {
    if (!token) {
      toast(t('common.login_first'));
      navigateTo(LOGIN_ROUTE);
      return;
    }
    try {
      await (isFollowed ? request('POST /optional/del', { id: pair.id }) : request('POST /optional/add', { currency_id: pair.currency_id, legal_id: pair.legal_id }));
      await mutate();
    } catch { /* the shell showed the server's message (api/events) */ }
  }, [token, t, mutate]);

  return { loggedIn: !!token, followedSet, loading: list.isLoading, toggle };
}
