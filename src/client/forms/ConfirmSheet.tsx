/**
 * A form's confirmation step (`submit.confirm`): after the form is valid, a sheet shows what the call will do
 * (the form file's figures sections, in the form's scope) and asks for the one field kept for it (`field`, a
 * payment password), then sends. The sheet stays open when the server refuses (a wrong password), so the user
 * can try again; Cancel, Escape or a tap beside it goes back to the form.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '../i18n';
import type { PipeContext } from '../runtime/bindings';
import { FormSections, type FormScope, type FormSectionWidgets } from './live';
import type { FormConfirm } from './types';

export function ConfirmSheet({ confirm, title, scope, pipes, widgets, fieldLabel, required, busy, refusal, onConfirm, onCancel }: {
  confirm: FormConfirm;
  /** The field's label (the form's own title of it). */
  fieldLabel: string;
  /** The message shown when the field is left empty. */
  required: string;
  title: string;
  scope: FormScope;
  pipes: PipeContext;
  widgets: FormSectionWidgets;
  busy: boolean;
  /** The server's reason for refusing the last try (a wrong payment password): shown in the sheet, which stays open. */
  refusal?: string;
  onConfirm: (value: string | undefined) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    (input.current ?? box.current)?.focus();
    return () => { if (previous && document.contains(previous)) previous.focus(); };
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (confirm.field && !value) { setError(true); input.current?.focus(); return; }
    onConfirm(confirm.field ? value : undefined);
  };
  const onKeyDown = (e: KeyboardEvent) => { if (e.key === 'Escape') { e.stopPropagation(); onCancel(); } };
  const id = `f-confirm-${confirm.field ?? 'go'}`;
  return (
    <div className="f-confirm-backdrop" onClick={(e) => { if (e.target === e.currentTarget && !busy) onCancel(); }}>
      <div ref={box} className="f-confirm" role="dialog" aria-modal="true" aria-labelledby="f-confirm-title" tabIndex={-1} onKeyDown={onKeyDown}
        data-testid="form-confirm">
        <h2 id="f-confirm-title" className="f-confirm__title">{title}</h2>
        <FormSections sections={confirm.sections} widgets={widgets} scope={scope} pipes={pipes} />
        <form onSubmit={submit} noValidate>
          {confirm.field && (
            <div className={`f-field${error ? ' f-invalid' : ''}`}>
              <label className="f-label" htmlFor={id}>{fieldLabel}</label>
              <input ref={input} id={id} className="f-input" type="password" autoComplete="off" value={value} disabled={busy}
                aria-invalid={error} aria-describedby={error ? `${id}__error` : undefined}
                onChange={(e) => { setValue(e.target.value); setError(false); }} />
              {error && <div className="f-error" id={`${id}__error`} role="alert">{required}</div>}
            </div>
          )}
          {refusal && !busy && <div className="f-form-error" role="alert">{refusal}</div>}
          <div className="f-confirm__actions">
            <button type="button" className="f-confirm__cancel" disabled={busy} onClick={onCancel}>{t('common.cancel')}</button>
            <button type="submit" className="f-submit" disabled={busy}>{t(confirm.button)}</button>
          </div>
        </form>
      </div>
    </div>
  );
}
