/**
 * The screen format: every route is a `screens/<group>/<page>.json` file of this shape.
 * `screens/screen.schema.json` is the machine-checked source of truth; these types mirror it.
 *
 * Text fields (`Text`) hold a message key (`login.title`) or a binding (`{{data.title}}`), never prose.
 * Route/URL fields (`Template`) hold a path with optional bindings (`/pages/common/article?id={{item.id}}`).
 * Conditions (`visibleIf`) are expressions of the safe expression language in `expression.ts`.
 */
import type { EndpointKey } from '../../shared/contract/types';

export const SCHEMA_VERSION = 1 as const;

/** A message key or a `{{path | pipe}}` binding. */
export type Text = string;
/** A string with `{{…}}` bindings, e.g. a route. Bound values are URL-encoded when the template is a route. */
export type Template = string;
/** A `{{path | pipe:arg}}` binding. A string that is exactly one binding yields the raw value (not a string). */
export type Binding = string;
/** An expression of the safe expression language (`user && data.total > 0`). */
export type Expression = string;

export type TabName = 'home' | 'market' | 'trade' | 'assets' | 'mine';

export interface DataSource {
  endpoint: EndpointKey;
  /** Request fields; string values may be bindings. */
  params?: Record<string, unknown>;
  /** Path inside the response message to use as data (`data`, `change_wallet.balance`). */
  select?: string;
}

// ---------------------------------------------------------------- actions

export interface NavigateAction { type: 'navigate'; to: Template }
export interface CallAction {
  type: 'call';
  endpoint: EndpointKey;
  params?: Record<string, unknown>;
  /** Message key of a confirmation question asked first. */
  confirm?: Text;
  success?: { toast?: Text; navigate?: Template; revalidate?: EndpointKey[] };
}
export interface LogoutAction {
  type: 'logout';
  /** Message key of a confirmation question asked first. */
  confirm?: Text;
}
export interface CopyAction { type: 'copy'; text: Binding; toast?: Text }
export interface OpenUrlAction { type: 'openUrl'; url: Template }
/** Without `lang`, asks with an action sheet of the languages (each in its own name). */
export interface SetLanguageAction { type: 'setLanguage'; lang?: Binding }
/** Without `code`, asks with an action sheet of the fiats in app state. */
export interface SetFiatAction { type: 'setFiat'; code?: Binding }
export interface BackAction { type: 'back' }

export type Action =
  | NavigateAction | CallAction | LogoutAction | CopyAction | OpenUrlAction
  | SetLanguageAction | SetFiatAction | BackAction;
export type ActionType = Action['type'];
/** Actions a data-driven link may name as `to: "action:<name>"` (e.g. rows of GET /menu). */
export { LINK_ACTIONS } from '../../shared/screens/names';

// ---------------------------------------------------------------- sections

interface SectionBase {
  /** Shown only when the expression is truthy. */
  visibleIf?: Expression;
  /** Optional heading above the section. */
  title?: Text;
  id?: string;
}

export interface ListItemTemplate {
  title?: Text;
  subtitle?: Text;
  value?: Text;
  note?: Text;
  image?: Binding;
  /** Binding to an HTML body shown when the row is expanded (FAQ answers); sanitised. */
  body?: Binding;
  to?: Template;
  action?: Action;
}

export interface ListSection extends SectionBase {
  type: 'list';
  source: DataSource;
  item: ListItemTemplate;
  /** Message key shown when the list is empty. */
  empty?: Text;
  /** `more` (a load-more button), `infinite` (loads when the end scrolls into view) or `none`. */
  paging?: 'more' | 'infinite' | 'none';
  /** Page size sent as `limit`. */
  limit?: number;
  /** `rows` (default) or `strip` (a one-line announcement strip). */
  layout?: 'rows' | 'strip';
  /** Route of the whole list, linked as "More" (after the title; at the end of a strip). */
  moreTo?: Template;
}

export interface DetailSection extends SectionBase {
  type: 'detail';
  source: DataSource;
  heading?: Text;
  subheading?: Text;
  image?: Binding;
  /** Binding to an HTML field, rendered sanitised. */
  html?: Binding;
}

export interface SummaryField { label: Text; value: Text; visibleIf?: Expression }
export interface SummarySection extends SectionBase {
  type: 'summary';
  source?: DataSource;
  fields: SummaryField[];
}

export interface TabsSection extends SectionBase {
  type: 'tabs';
  tabs: { label: Text; sections: Section[] }[];
}

export interface MenuItem {
  icon?: string;
  label: Text;
  value?: Text;
  to?: Template;
  action?: Action;
  visibleIf?: Expression;
}
export interface MenuSection extends SectionBase {
  type: 'menu';
  items?: MenuItem[];
  /** Rows from an endpoint instead (each row rendered with `item`). */
  source?: DataSource;
  item?: MenuItem;
}

export interface GridItem { icon: string; label: Text; to?: Template; action?: Action; visibleIf?: Expression }
export interface GridSection extends SectionBase {
  type: 'grid';
  columns?: number;
  items: GridItem[];
}

export interface BannerSection extends SectionBase {
  type: 'banner';
  source: DataSource;
  image: Binding;
  alt?: Text;
  to?: Template;
  /** Auto-advance interval in ms (default 4000). */
  interval?: number;
}

export interface HtmlSection extends SectionBase {
  type: 'html';
  source?: DataSource;
  /** Server HTML from the source (an article body). */
  html?: Binding;
  /** A message key whose ICU message is rich text: static copy that translates. */
  message?: string;
  /** ICU arguments of `message` (literals or bindings). */
  values?: Record<string, string | number | boolean>;
}

export interface ActionButton { label: Text; action: Action; variant?: 'primary' | 'default' | 'danger'; visibleIf?: Expression }
export interface ActionsSection extends SectionBase {
  type: 'actions';
  /** Data the buttons' conditions and texts may read as `data`. */
  source?: DataSource;
  buttons: ActionButton[];
}

export interface FormSection extends SectionBase {
  type: 'form';
  /** `schemas/<form>.json` */
  form: string;
  /** Initial values; strings may be bindings (`{{query.code}}`). */
  initial?: Record<string, unknown>;
}

export interface QrSection extends SectionBase {
  type: 'qr';
  source?: DataSource;
  text: Binding;
  caption?: Text;
  /** Show the encoded text under the code, with a copy button (addresses). */
  showText?: boolean;
}

export interface CountdownSection extends SectionBase {
  type: 'countdown';
  source?: DataSource;
  /** Seconds left (binding or number). */
  seconds: Binding | number;
  label?: Text;
  /** Message key shown when it reaches zero. */
  done?: Text;
}

export interface EmptySection extends SectionBase {
  type: 'empty';
  text: Text;
}

export interface ComponentSection extends SectionBase {
  type: 'component';
  name: string;
  props?: Record<string, unknown>;
}

export type Section =
  | ListSection | DetailSection | SummarySection | TabsSection | MenuSection | GridSection
  | BannerSection | HtmlSection | ActionsSection | FormSection | QrSection | CountdownSection
  | EmptySection | ComponentSection;
export type SectionType = Section['type'];

export interface ScreenDefinition {
  schemaVersion: 1;
  route: string;
  title?: Text;
  auth?: boolean;
  tab?: TabName;
  navBar?: boolean;
  sections: Section[];
}

// ---------------------------------------------------------------- forms (schemas/*.json)

export interface FormSubmit {
  endpoint: EndpointKey;
  /** Fixed extra fields sent with the payload. */
  extra?: Record<string, unknown>;
  /** After success: toast, refresh the data of these endpoints, store a returned token, navigate. */
  success?: { toast?: Text; navigate?: Template; setToken?: boolean; revalidate?: EndpointKey[] };
  /** Set by the form generator when the contract marks the endpoint as moving money. */
  idempotent?: boolean;
}

export interface FormDefinition {
  schema: Record<string, unknown>;
  ui?: Record<string, unknown>;
  /** `<field>.<keyword>` -> message key overriding the default lookup. */
  messages?: Record<string, string>;
  submit: FormSubmit;
  /** Message key of the submit button. */
  submitLabel?: Text;
  /** Links under the form (`login` -> register / forget). */
  links?: { label: Text; to: Template }[];
}

/** What a binding or expression can read. */
export interface Scope {
  params: Record<string, unknown>;
  query: Record<string, string>;
  user: unknown;
  config: unknown;
  data: unknown;
  item: unknown;
}
