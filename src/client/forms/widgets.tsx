/**
 * Form widgets: sendCode (code input + get-code button with a 60 s countdown; options: endpoint, scene,
 * field = the form field holding the account, param = the request field it is sent as, need = the message
 * key when it is empty), password (show/hide),
 * areaCode (GET /area_code), remoteSelect (options from an endpoint; `swapWith` adds a button exchanging
 * its value with another field's), image (one image, original or compressed, uploaded with the shell's
 * upload()); amount, choices and segmented (liveWidgets.tsx).
 */
import type { ResponseOf } from '../../shared/contract';
import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import useSWR from 'swr';
import { requestByName, swrFetcher, upload } from '../api/request';
import { useT } from '../i18n';
import { toast } from '../platform/feedback';
import { readDotted } from '../../shared/screens/expression';
import { resolveTemplate, type PipeContext } from '../runtime/bindings';
import { CoinIcon } from '../runtime/coinIcon';
import { AmountWidget, ChoicesWidget, SegmentedWidget } from './liveWidgets';

export const SEND_CODE_SECONDS = 60;

/** What SchemaForm passes as rjsf `formContext`. */
export interface FormContext {
  formName: string;
  getFormData: () => Record<string, unknown>;
  /** Changes several fields at once (a swap of two currencies). */
  setFields: (values: Record<string, unknown>) => void;
  /** The form's scope (screen scope, `form`, live `data`) and pipes, for widgets' templates. */
  scope: Record<string, unknown>;
  pipes: PipeContext;
  /** A widget option resolved against the scope (a `{{binding}}` or a literal). */
  resolve: (value: unknown) => unknown;
  /** What the form file draws after a field (its sections: live figures). */
  after: (field: string) => ReactNode;
  /** False while the form's live answer is on its way (the form drawn held still): no widget chooses for the user then. */
  settled: boolean;
}

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const describedBy = (id: string, invalid: boolean) => (invalid ? `${id}__error` : undefined);

export function PasswordWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, placeholder, disabled, readonly, required, rawErrors, autofocus, options } = props;
  const t = useT();
  const [shown, setShown] = useState(false);
  const invalid = Boolean(rawErrors?.length);
  return (
    <div className="f-inline">
      <input id={id} name={id} className="f-input" type={shown ? 'text' : 'password'} value={str(value)}
        placeholder={placeholder} disabled={disabled} readOnly={readonly} required={required} autoFocus={autofocus}
        autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : 'current-password'}
        aria-invalid={invalid} aria-describedby={describedBy(id, invalid)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)} onFocus={(e) => onFocus(id, e.target.value)} />
      <button type="button" aria-label={t(shown ? 'form.password.hide' : 'form.password.show')} aria-pressed={shown}
        aria-controls={id} onClick={() => setShown((s) => !s)}>
        {t(shown ? 'form.password.hide_short' : 'form.password.show_short')}
      </button>
    </div>
  );
}

export function SendCodeWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, placeholder, disabled, readonly, required, rawErrors, options, registry } = props;
  const t = useT();
  const ctx = registry.formContext as FormContext | undefined;
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const invalid = Boolean(rawErrors?.length);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const send = async () => {
    const data = ctx?.getFormData() ?? {};
    const field = typeof options.field === 'string' ? options.field : 'user_string';
    const account = str(data[field] ?? data.user_string ?? data.email).trim();
    if (!account) { toast(t(str(options.need) || 'form.send_code.need_account')); return; }
    // `param`: the request field carrying the account (POST /sms_send takes `mobile`, /sms_mail `user_string`).
    const param = typeof options.param === 'string' ? options.param : 'user_string';
    const payload: Record<string, unknown> = { [param]: account, scene: str(options.scene) || 'register' };
    if (data.area_code) payload.area_code = data.area_code;
    if (data.area_code_id) payload.area_code_id = data.area_code_id;
    setSending(true);
    try {
      const message = await requestByName(str(options.endpoint) || 'POST /sms_mail', payload);
      toast(typeof message === 'string' && message ? message : t('form.send_code.sent'));
      setLeft(SEND_CODE_SECONDS);
    } catch {
      /* the shell showed the server's message (api/events) */
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="f-inline">
      <input id={id} name={id} className="f-input" inputMode="numeric" autoComplete="one-time-code" maxLength={6}
        value={str(value)} placeholder={placeholder} disabled={disabled} readOnly={readonly} required={required}
        aria-invalid={invalid} aria-describedby={describedBy(id, invalid)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)} onFocus={(e) => onFocus(id, e.target.value)} />
      <button type="button" disabled={disabled || readonly || sending || left > 0} onClick={() => { void send(); }}>
        {left > 0 ? t('form.send_code.wait', { seconds: left }) : t('form.send_code.send')}
      </button>
    </div>
  );
}

interface Option { value: string; label: string; coin?: string }

/**
 * A select in the app's theme: the native `<select>` (the platform's own picker on a phone, keyboard and
 * screen-reader behaviour included) without the browser's look, a chevron of ours and, for a coin picker
 * (`coin` on its options), the chosen coin's icon before it.
 */
function SelectBase({ props, options, loading }: { props: WidgetProps; options: Option[]; loading: boolean }) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, placeholder } = props;
  const t = useT();
  const invalid = Boolean(rawErrors?.length);
  const chosen = options.find((o) => o.value === str(value));
  const coins = options.some((o) => o.coin);
  return (
    <div className={`f-select${coins ? ' f-select--coin' : ''}`}>
      {coins && <span className="f-select__icon">{chosen?.coin ? <CoinIcon symbol={chosen.coin} size={24} /> : null}</span>}
      <select id={id} name={id} className="f-input" value={str(value)} disabled={disabled || readonly || loading}
        required={required} aria-invalid={invalid} aria-describedby={describedBy(id, invalid)} aria-busy={loading}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)} onFocus={(e) => onFocus(id, e.target.value)}>
        <option value="">{loading ? t('list.loading') : placeholder || t('form.select.placeholder')}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    </div>
  );
}

/** rjsf's select of an enum (`ui:enumNames`), in the app's theme. */
export function SelectWidget(props: WidgetProps) {
  const choices = (props.options.enumOptions ?? []) as { value: unknown; label: string }[];
  return <SelectBase props={props} options={choices.map((c) => ({ value: str(c.value), label: c.label }))} loading={false} />;
}

/** A yes/no field as a check box in the app's theme; its label is the field's title. */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors, label } = props;
  const invalid = Boolean(rawErrors?.length);
  return (
    <label className="check" htmlFor={id}>
      <input id={id} name={id} type="checkbox" className="check__box" checked={value === true} disabled={disabled || readonly}
        required={required} aria-invalid={invalid} aria-describedby={describedBy(id, invalid)}
        onChange={(e) => onChange(e.target.checked)}
        onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
      <span>{label}</span>
    </label>
  );
}

type AreaCode = ResponseOf<'GET /area_code'>[number];

export function AreaCodeWidget(props: WidgetProps) {
  const { data, isLoading } = useSWR(['GET /area_code', {}], swrFetcher as (k: [string, object]) => Promise<AreaCode[]>);
  const valueKey = props.options.valueKey === 'id' ? 'id' : 'area_code';
  const options = (Array.isArray(data) ? data : []).map((a) => ({
    value: String(a[valueKey]), label: `${a.name} (${a.area_code})`,
  }));
  return <SelectBase props={props} options={options} loading={isLoading} />;
}

export function RemoteSelectWidget(props: WidgetProps) {
  const { options: o } = props;
  const endpoint = str(o.endpoint);
  const params = (o.params && typeof o.params === 'object' ? o.params : {}) as Record<string, unknown>;
  const { data, isLoading } = useSWR(endpoint ? [endpoint, params] : null, swrFetcher as (k: [string, object]) => Promise<unknown>);
  const list = readDotted(data, typeof o.select === 'string' ? o.select : undefined);
  const rows = Array.isArray(list) ? list : (list && typeof list === 'object' && Array.isArray((list as { data?: unknown }).data) ? (list as { data: unknown[] }).data : []);
  const valueKey = str(o.valueKey) || 'id';
  const labelKey = str(o.labelKey) || 'name';
  const coinKey = str(o.coinKey);
  const { pipes } = props.registry.formContext as FormContext;
  const optionLabel = str(o.optionLabel);
  const options = rows.map((r) => ({
    value: str(readDotted(r, valueKey)),
    label: optionLabel ? str(resolveTemplate(optionLabel, { item: r }, pipes)) : str(readDotted(r, labelKey)),
    ...(coinKey ? { coin: str(readDotted(r, coinKey)) } : {}),
  }));
  // Names given in the reader's language are listed in its alphabetical order.
  if (optionLabel) options.sort((a, b) => a.label.localeCompare(b.label, pipes.locale));
  const swapWith = str(o.swapWith);
  if (!swapWith) return <SelectBase props={props} options={options} loading={isLoading} />;
  return <SwapSelect props={props} options={options} loading={isLoading} other={swapWith} />;
}

/** A select with a button that exchanges its value with another field's (`swapWith`), clearing `swapClears`. */
function SwapSelect({ props, options, loading, other }: { props: WidgetProps; options: Option[]; loading: boolean; other: string }) {
  const t = useT();
  const ctx = props.registry.formContext as FormContext;
  const field = props.name;
  const swap = () => {
    const data = ctx.getFormData();
    const clears = Array.isArray(props.options.swapClears) ? props.options.swapClears.map(String) : [];
    ctx.setFields({ [field]: data[other], [other]: data[field], ...Object.fromEntries(clears.map((f) => [f, undefined])) });
  };
  return (
    <div className="f-inline f-swap">
      <button type="button" className="f-swap__button" onClick={swap} aria-label={t(str(props.options.swapLabel) || 'form.swap')}>⇅</button>
      <SelectBase props={props} options={options} loading={loading} />
    </div>
  );
}

export const COMPRESS_MAX_SIDE = 1600;
export const COMPRESS_QUALITY = 0.8;

/** Draws the image on a canvas (longest side at most 1600 px) and re-encodes it as JPEG. */
export async function compressImage(file: Blob, maxSide = COMPRESS_MAX_SIDE, quality = COMPRESS_QUALITY): Promise<Blob> {
  const url = URL.createObjectURL(file);
  try {
    const img = await new Promise<HTMLImageElement>((resolve, reject) => {
      const el = new Image();
      el.onload = () => resolve(el);
      el.onerror = () => reject(new Error('image decode failed'));
      el.src = url;
    });
    const scale = Math.min(1, maxSide / Math.max(img.naturalWidth || 1, img.naturalHeight || 1));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round((img.naturalWidth || 1) * scale));
    canvas.height = Math.max(1, Math.round((img.naturalHeight || 1) * scale));
    const g = canvas.getContext('2d');
    if (!g) return file;
    g.fillStyle = '#fff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    return blob ?? file;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** An uploaded image's path and the browser's own copy of it. */
interface LocalCopy { path: string; objectUrl: string }

/**
 * The preview of the image just uploaded is the browser's copy: uploads are private to their owner (an
 * identity photo, a voucher) and an `<img>` cannot send the Authorization header the server asks for.
 */
function useLocalCopy(): [LocalCopy | undefined, (path: string, blob: Blob) => void] {
  const [copy, setCopy] = useState<LocalCopy>();
  useEffect(() => () => { if (copy) URL.revokeObjectURL(copy.objectUrl); }, [copy]);
  const keep = (path: string, blob: Blob) => {
    if (typeof URL.createObjectURL === 'function') setCopy({ path, objectUrl: URL.createObjectURL(blob) });
  };
  return [copy, keep];
}

export function ImageWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, rawErrors } = props;
  const t = useT();
  const [mode, setMode] = useState<'compressed' | 'original'>('compressed');
  const [busy, setBusy] = useState(false);
  const [localCopy, keepLocalCopy] = useLocalCopy();
  const input = useRef<HTMLInputElement>(null);
  const invalid = Boolean(rawErrors?.length);
  const preview = typeof value === 'string' && value ? (localCopy?.path === value ? localCopy.objectUrl : value) : undefined;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) { toast(t('form.image.not_image')); return; }
    setBusy(true);
    try {
      const blob = mode === 'compressed' ? await compressImage(file) : file;
      const url = await upload(blob);
      keepLocalCopy(url, blob);
      onChange(url);
    } catch {
      /* upload() reported the server's message */
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="f-image">
      <fieldset className="f-choice" disabled={disabled || readonly || busy}>
        <legend className="f-help">{t('form.image.quality')}</legend>
        {(['compressed', 'original'] as const).map((m) => (
          <label key={m}>
            <input type="radio" name={`${id}__mode`} value={m} checked={mode === m} onChange={() => setMode(m)} />
            {' '}{t(`form.image.${m}`)}
          </label>
        ))}
      </fieldset>
      {preview && <img className="f-image-preview" src={preview} alt={t('form.image.preview')} />}
      {/* The browser's file input stays in the page for the keyboard and screen readers, drawn as our button. */}
      <span className="f-file">
        <input ref={input} id={id} type="file" accept="image/*" className="f-file__input" disabled={disabled || readonly || busy}
          aria-invalid={invalid} aria-describedby={describedBy(id, invalid)} onChange={(e) => { void onFile(e); }} />
        <span className="f-file__button" aria-hidden="true">{t(preview ? 'form.image.change' : 'form.image.choose')}</span>
      </span>
      {busy && <span className="f-help" role="status">{t('form.image.uploading')}</span>}
    </div>
  );
}

export const widgets: RegistryWidgetsType = {
  password: PasswordWidget,
  sendCode: SendCodeWidget,
  areaCode: AreaCodeWidget,
  remoteSelect: RemoteSelectWidget,
  image: ImageWidget,
  SelectWidget,
  CheckboxWidget,
  amount: AmountWidget,
  choices: ChoicesWidget,
  segmented: SegmentedWidget,
};
