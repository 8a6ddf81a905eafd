/**
 * The confirm dialog and the action sheet (role=dialog, aria-modal, focus moved in, trapped, Escape
 * closes, focus restored on close).
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useT } from '../i18n/useT';
import type { DialogState, SheetState } from '../platform/feedback';
import './modals.css';

export default function Modals({ dialog, sheet }: { dialog: DialogState | null; sheet: SheetState | null }) {
  return (
    <>
      {dialog && <ConfirmDialog key={dialog.id} dialog={dialog} />}
      {sheet && <ActionSheet key={sheet.id} sheet={sheet} />}
    </>
  );
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Focus management shared by dialog and sheet. */
function Modal({ label, labelledBy, describedBy, onDismiss, className, initialFocus, children }: {
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  onDismiss: () => void;
  className: string;
  initialFocus: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    (initialFocus.current ?? ref.current)?.focus();
    return () => { if (previous && document.contains(previous)) previous.focus(); };
  }, [initialFocus]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onDismiss();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!items.length) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  };
  return (
    <div className="modal-backdrop" onClick={(e) => { if (e.target === e.currentTarget) onDismiss(); }}>
      <div
        ref={ref}
        className={className}
        role="dialog"
        aria-modal="true"
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>
  );
}

function ConfirmDialog({ dialog }: { dialog: DialogState }) {
  const t = useT();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = `dialog-title-${dialog.id}`;
  const messageId = `dialog-message-${dialog.id}`;
  return (
    <Modal className="dialog" labelledBy={dialog.title ? titleId : messageId} describedBy={dialog.title ? messageId : undefined}
      onDismiss={() => dialog.resolve(false)} initialFocus={confirmRef}>
      {dialog.title && <h2 id={titleId} className="dialog__title">{dialog.title}</h2>}
      <p id={messageId} className="dialog__message">{dialog.message}</p>
      <div className="dialog__actions">
        <button type="button" className="btn" onClick={() => dialog.resolve(false)}>
          {dialog.cancelText ?? t('common.cancel')}
        </button>
        <button type="button" className="btn btn--primary" ref={confirmRef} onClick={() => dialog.resolve(true)}>
          {dialog.confirmText ?? t('common.ok')}
        </button>
      </div>
    </Modal>
  );
}

function ActionSheet({ sheet }: { sheet: SheetState }) {
  const t = useT();
  const firstRef = useRef<HTMLButtonElement>(null);
  const titleId = `sheet-title-${sheet.id}`;
  return (
    <Modal className="sheet" labelledBy={sheet.title ? titleId : undefined} label={t('shell.actions')} onDismiss={() => sheet.resolve(null)} initialFocus={firstRef}>
      {sheet.title && <h2 id={titleId} className="sheet__title">{sheet.title}</h2>}
      <ul className="sheet__list">
        {sheet.items.map((entry, i) => {
          const item = typeof entry === 'string' ? { label: entry } : entry;
          return (
            <li key={i}>
              <button type="button" className="sheet__item" lang={item.lang} aria-current={item.selected || undefined}
                ref={i === 0 ? firstRef : undefined} onClick={() => sheet.resolve(i)}>
                {item.label}
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" className="sheet__item sheet__cancel" onClick={() => sheet.resolve(null)}>{t('common.cancel')}</button>
    </Modal>
  );
}
