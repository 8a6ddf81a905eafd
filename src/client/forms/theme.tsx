/**
 * Our own mobile theme for @rjsf/core (no Bootstrap CSS): label, field, help and the field's errors
 * under it; one full-width submit button; no error list on top.
 */
import type { ChangeEvent } from 'react';
import type {
  BaseInputTemplateProps, DescriptionFieldProps, FieldErrorProps, FieldHelpProps, FieldTemplateProps, SubmitButtonProps,
} from '@rjsf/utils';
import { getInputProps, getSubmitButtonOptions } from '@rjsf/utils';
import { useT } from '../i18n';
import type { FormContext } from './widgets';
import './forms.css';

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, hidden, required, displayLabel, rawErrors, classNames, fieldPathId, registry } = props;
  if (hidden) return <div hidden>{children}</div>;
  const invalid = Boolean(rawErrors && rawErrors.length);
  const path = fieldPathId?.path ?? [];
  // The form file's live figures for this field (a top-level property) follow it.
  const after = path.length === 1 ? (registry.formContext as Partial<FormContext> | undefined)?.after?.(String(path[0])) : null;
  return (
    <>
    <div className={`f-field${invalid ? ' f-invalid' : ''} ${classNames ?? ''}`.trim()}>
      {displayLabel && label && (
        // The required mark is drawn by CSS so it stays out of the label's text; the input's
        // `required` attribute tells assistive technology.
        <label className="f-label" htmlFor={id} data-required={required || undefined}>{label}</label>
      )}
      {children}
      {help}
      {errors}
    </div>
    {after}
    </>
  );
}

export function FieldErrorTemplate({ errors, fieldPathId }: FieldErrorProps) {
  const list = (errors ?? []).filter(Boolean);
  if (!list.length) return null;
  return (
    <div className="f-error" id={`${fieldPathId.$id}__error`} role="alert">
      {list.map((e, i) => <div key={i}>{e}</div>)}
    </div>
  );
}

export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return <div className="f-help" id={`${fieldPathId.$id}__help`}>{help}</div>;
}

export function DescriptionFieldTemplate({ description, id }: DescriptionFieldProps) {
  if (!description) return null;
  return <div className="f-help" id={id}>{description}</div>;
}

/** A plain input: label via the field template, errors linked with aria-describedby. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, value, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options,
    schema, type, rawErrors, placeholder, required } = props;
  const inputProps = getInputProps(schema, type, options);
  const invalid = Boolean(rawErrors && rawErrors.length);
  const inputValue = inputProps.type === 'number' || inputProps.type === 'integer'
    ? (value || value === 0 ? value : '') : (value ?? '');
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value);
  return (
    <input id={id} name={htmlName || id} className="f-input" readOnly={readonly} disabled={disabled} autoFocus={autofocus}
      placeholder={placeholder} required={required} value={inputValue as string | number} {...inputProps}
      aria-invalid={invalid} aria-describedby={invalid ? `${id}__error` : undefined}
      onChange={onChangeOverride || handleChange}
      onBlur={({ target }) => onBlur(id, target.value)} onFocus={({ target }) => onFocus(id, target.value)} />
  );
}

export function ErrorListTemplate() {
  return null;
}

export function SubmitButton({ uiSchema }: SubmitButtonProps) {
  const t = useT();
  const { submitText, norender, props } = getSubmitButtonOptions(uiSchema);
  if (norender) return null;
  return (
    <button type="submit" className="f-submit" {...props}>
      {submitText && submitText !== 'Submit' ? submitText : t('form.submit')}
    </button>
  );
}

export const templates = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  DescriptionFieldTemplate,
  ErrorListTemplate,
  BaseInputTemplate,
  ButtonTemplates: { SubmitButton },
};
