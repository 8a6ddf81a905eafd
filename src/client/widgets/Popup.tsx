/**
 * `popup`: a dialog for the record of its source (the home announcement), shown once per browser session
 * for each record (`key`): a new record is shown even if another one was seen this session. The confirm
 * button opens `to`; nothing is shown while the source has no record, nor once the user has moved on (a
 * screen stays drawn while the next one loads, and its record may arrive then: the dialog would cover the
 * next screen).
 */
import { useEffect, useRef } from 'react';
import { resolveValue } from '../runtime/bindings';
import type { PopupSection } from '../runtime/types';
import { useSource } from '../runtime/useSource';
import { confirmDialog } from '../platform/feedback';
import { navigateTo } from '../platform/navigation';
import { readSession, SESSION_KEYS, writeSession } from '../state/storage';
import { useTexts } from './parts';

const KEPT = 50;

function shownThisSession(): string[] {
  const raw = readSession(SESSION_KEYS.popupShown);
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    if (Array.isArray(list)) return list.filter((x): x is string => typeof x === 'string');
  } catch { /* an older build stored the bare id */ }
  return [raw];
}

export default function Popup({ section }: { section: PopupSection }) {
  const src = useSource(section.source);
  const { text, route, scope, pipes } = useTexts({ data: src.data });
  const record = src.data;
  const raw = record === undefined || record === null ? '' : resolveValue(section.key, scope, pipes);
  const key = raw === undefined || raw === null ? '' : String(raw);
  const openedAt = useRef(location.hash);

  useEffect(() => {
    if (!key || location.hash !== openedAt.current) return;
    const id = `${section.source.endpoint} ${key}`;
    const shown = shownThisSession();
    if (shown.includes(id) || shown.includes(key)) return;
    writeSession(SESSION_KEYS.popupShown, JSON.stringify([id, ...shown].slice(0, KEPT)));
    const target = section.to ? route(section.to) : '';
    void confirmDialog({
      title: text(section.title), message: text(section.message), confirmText: text(section.confirm), cancelText: text(section.cancel),
    }).then((confirmed) => { if (confirmed && target) navigateTo(target); });
    // Shown once per record: texts are read when the record arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}
