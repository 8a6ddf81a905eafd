/**
 * The form file format: `schemas/<form>.json`, checked against schemas/form.schema.json. Hand-written
 * (scripts/gen-screen-types.ts generates the screen format only); keep it in step with that schema.
 */
import type { EndpointName } from '../../shared/contract/types';
import type { Expression, FiguresSection, GateSection, Template, Text } from '../runtime/types';

export interface FormSubmit {
  endpoint: EndpointName;
  /** Extra fields sent with the payload: literals, or bindings over the screen (`{{query.currency}}`). */
  extra?: Record<string, unknown>;
  /**
   * After success: toast (its `values` are bindings over the answer as `data`), clear these fields, store a
   * returned token or forget the session the call ended, navigate. What the call changed is asked again by
   * the call itself (runtime/callEndpoint.ts), as the catalogue says.
   */
  success?: { toast?: Text; values?: Record<string, unknown>; reset?: string[]; navigate?: Template; backIf?: Expression; setToken?: boolean; signOut?: boolean };
  /** A confirmation step before the call (ConfirmSheet.tsx). */
  confirm?: FormConfirm;
}

/**
 * What a form's confirmation sheet shows (figures sections over the form's scope: amount, fee, what arrives,
 * where) and the one field it asks for instead of the form (`field`: the payment password, entered last).
 */
export interface FormConfirm { title: Text; sections: FormFileSection[]; field?: string; button: Text }

/** Live figures of a form: an endpoint asked again as the fields it reads change (debounced); its answer is `data`. */
export interface FormSource { endpoint: EndpointName; params?: Record<string, unknown>; refresh?: number; when?: Expression }
/**
 * A section of the screen format in a form file: figures among the fields (at the top or `after` a field),
 * or a gate shown instead of the form while its `visibleIf` holds. Their bindings read `form` and `data`.
 */
export type FormFileSection = (FiguresSection & { after?: string }) | GateSection;
/** A rule over what is typed and the live figures (`!form.number || form.number <= data.max`), always checked on submit. */
export interface FormRule {
  field: string; test: Expression; message: Text; values?: Record<string, unknown>;
  /** Shown as soon as the field holds a value and the live figures have arrived, not only after a submit. */
  live?: boolean;
}

export interface FormDefinition {
  schema: Record<string, unknown>;
  ui?: Record<string, unknown>;
  /** `<field>.<keyword>` -> message key overriding the default lookup. */
  messages?: Record<string, string>;
  submit: FormSubmit;
  /** Message key of the submit button. */
  submitLabel?: Text;
  /** ICU arguments of `submitLabel`, bound over the form (`{ "coin": "{{data.base}}" }`). */
  submitLabelValues?: Record<string, string | number>;
  /** The submit button's colour: a template giving `up` (green) or `down` (red). */
  submitTone?: string;
  /** Links under the form (`login` -> register / forget). */
  links?: { label: Text; to: Template }[];
  source?: FormSource;
  sections?: FormFileSection[];
  rules?: FormRule[];
}
