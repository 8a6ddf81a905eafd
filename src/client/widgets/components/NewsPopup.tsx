/**
 * The home popup: the article the operators marked for it (GET /news/index_pop), shown once per browser
 * session as a dialog with its summary and a link to the whole announcement. A new popup article is shown
 * even if another one was seen this session.
 */
import { useEffect } from 'react';
import useSWR from 'swr';
import { swrFetcher } from '../../api/request';
import { useT } from '../../i18n';
import { confirmDialog } from '../../shell/feedback';
import { navigateTo } from '../../shell/navigation';
import { readSession, SESSION_KEYS, writeSession } from '../../state/storage';

interface Popup { id: number; title: string; summary: string }

export default function NewsPopup() {
  const t = useT();
  const key = ['GET /news/index_pop', {}] as const;
  const { data } = useSWR<Popup | null>(key, swrFetcher as (k: typeof key) => Promise<Popup | null>, { revalidateOnFocus: false });

  useEffect(() => {
    if (!data?.id || readSession(SESSION_KEYS.popupShown) === String(data.id)) return;
    writeSession(SESSION_KEYS.popupShown, String(data.id));
    void confirmDialog({ title: data.title, message: data.summary || data.title, confirmText: t('popup.view'), cancelText: t('popup.close') })
      .then((view) => { if (view) navigateTo(`/pages/mailMessage/ggDetail?id=${data.id}`); });
  }, [data, t]);
  return null;
}
