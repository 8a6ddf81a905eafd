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
  /** Muted text right after the title, in the same isolate (a pair's `/USDT`). */
  suffix?: Text;
  subtitle?: Text;
  value?: Text;
  note?: Text;
  image?: Binding;
  /** Binding to an HTML body shown when the row is expanded (FAQ answers); sanitised. */
  body?: Binding;
  /**
   * A price (decimal string), shown grouped with `priceDecimals` decimals and, under it, its value in the
   * chosen display fiat (unless that fiat is `priceCurrency`). A row with `price` or `change` is a quote
   * row: title, price and change in fixed columns.
   */
  price?: Binding;
  /** Decimals of `price` (a number or a binding such as `{{item.price_decimals}}`). */
  priceDecimals?: Binding | number;
  /** The currency `price` is in; its fiat value is left out when the chosen fiat is this currency. */
  priceCurrency?: Binding;
  /** A signed change in percent (`1.50`, `-2.25`), shown as a green (up) or red (down) badge. */
  change?: Binding;
  /** Label/value pairs under the row (a balance's available, frozen and locked amounts). */
  fields?: { label: Text; value: Text }[];
  to?: Template;
  action?: Action;
}

/** `<storage key>.<flag>`: a yes/no choice kept on the device (`assetPrefs.hideSmall`). */
export type DevicePref = string;

/** A row order: by a field of the row (`change`), optionally multiplied by another (`volume` × `now_price`). */
export interface RowOrder {
  by: string;
  times?: string;
}

export interface ListColumn {
  label: Text;
  /** Makes the header a button sorting by this field: first direction, the other, then the list's own order. */
  sort?: RowOrder & { first?: 'asc' | 'desc' };
}

export interface ListLive {
  /** Socket room (`tickers`) and its event (`daymarket`): a row, or an array of rows, per message. */
  room: string;
  event: string;
  /** Field matching a message to a row (`currency_id`). */
  key: string;
  /** Fields a message updates (`now_price`, `change` …); a row re-renders only when one of them changed. */
  fields: string[];
  /** A field whose rise or fall tints the row green or red for a moment. */
  flash?: string;
  /** Message key shown while live data is not flowing (`{time}`: since when); default `widget.live.stale`. */
  stale?: Text;
}

export interface ListFollow {
  /** The followed rows (the watch list), read when someone is logged in. */
  source: DataSource;
  /** Field identifying a row in both lists (`symbol`). */
  key: string;
  add: { endpoint: EndpointKey; params?: Record<string, unknown> };
  remove: { endpoint: EndpointKey; params?: Record<string, unknown> };
  /** Accessible names of the star (message keys), with `values` as their ICU arguments. */
  addLabel: Text;
  removeLabel: Text;
  values?: Record<string, string | number | boolean>;
}

export interface ListSearch {
  /** The search box's accessible name. */
  label: Text;
  placeholder?: Text;
  /** Fields of a row searched (any case; spaces and punctuation ignored); rows starting with the query come first. */
  fields: string[];
  /** `none` (default): rows appear once something is typed; `all`: every row until then. */
  whenEmpty?: 'none' | 'all';
  /** Message key when nothing matches (`{query}`); default `widget.search.none`. */
  none?: Text;
  /** Device storage key of the recent searches (at most 10, newest first), offered while the box is empty. */
  remember?: string;
  /** Heading of the recent searches; default `widget.search.recent`. */
  recent?: Text;
  /** The button forgetting them; default `widget.search.clear`. */
  clear?: Text;
}

export interface ListToggle {
  label: Text;
  /** Rows for which this is true are left out while the box is ticked. */
  hides: Expression;
  /** Where the choice is kept on the device. */
  pref: DevicePref;
  default?: boolean;
}

export interface ListSection extends SectionBase {
  type: 'list';
  /** Rows from an endpoint … */
  source?: DataSource;
  /** … or from the data in scope (`{{data.balances}}`, in a data-fed tab). */
  rows?: Binding;
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
  /** Only rows for which this is true (`item.category != 'stock'`). */
  filter?: Expression;
  /** The rows' order; without it, the source's. */
  sort?: RowOrder & { dir: 'asc' | 'desc' };
  /** At most this many rows, after filtering and sorting. */
  max?: number;
  /** A header row; columns with `sort` are buttons that reorder the rows. */
  columns?: ListColumn[];
  /** Rows updated from a socket room. */
  live?: ListLive;
  /** A star on every row to follow or unfollow it. */
  follow?: ListFollow;
  /** The rows need a logged-in user: a visitor sees `text` and a button to the login screen instead. */
  login?: { text: Text; button?: Text };
  /** A search box filtering the rows as you type. */
  search?: ListSearch;
  /** Check boxes leaving rows out (hide small balances). */
  toggles?: ListToggle[];
  /** While this device choice is on, every bound figure of the rows shows as `****`. */
  mask?: DevicePref;
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

/** The current app setting: the display fiat's code (`USD`) or the interface language's code (`en`). */
export interface SettingRef { setting: 'fiat' | 'language' }

export interface SummaryField {
  label: Text;
  /** ICU arguments of `label`: literals, bindings or a setting (`{ "setting": "fiat" }`). */
  values?: Record<string, string | number | boolean | SettingRef>;
  value: Text;
  visibleIf?: Expression;
}
export interface SummarySection extends SectionBase {
  type: 'summary';
  source?: DataSource;
  fields: SummaryField[];
  /** `list` (default): small label/value pairs; `total`: a headline figure (an account total). */
  layout?: 'list' | 'total';
  /** While this device choice is on, every bound value shows as `****`. */
  mask?: DevicePref;
  /** An eye button switching `mask`. */
  maskToggle?: boolean;
}

interface StaticTab {
  label: Text;
  /** Names the tab for `initial`. */
  key?: string;
  sections: Section[];
}

export interface TabsSection extends SectionBase {
  type: 'tabs';
  /** Fixed tabs, each with its own sections … */
  tabs?: StaticTab[];
  /** … or one tab per element of an endpoint's data … */
  source?: DataSource;
  /** … or of data in scope (`{{data.accounts}}`). */
  items?: Binding;
  /** A data-fed tab: its label, an optional second line (a total) and its key, over `item` (the element). */
  tab?: { label: Text; value?: Text; key?: Binding };
  /** The panel of a data-fed tab; its sections read the selected element as `data`. */
  sections?: Section[];
  /** Key of the tab selected first (`key` of a fixed tab, `tab.key` of a data-fed one); default the first. */
  initial?: string;
  /** Accessible name of the tab list when there is no title. */
  label?: Text;
  /** The title is the page's heading (large, h1) on a screen without a nav bar. */
  pageTitle?: boolean;
  /** A link beside the title. */
  link?: { label: Text; to: Template };
  /** While this device choice is on, tab values show as `****`. */
  mask?: DevicePref;
}

export interface MenuItem {
  icon?: string;
  label: Text;
  value?: Text;
  to?: Template;
  action?: Action;
  /**
   * The row shows the current interface language (in its own name) or display fiat and offers the others in
   * an action sheet: the languages of screens/app.json (`languages`), or the fiats with a rate.
   */
  picker?: 'language' | 'fiat';
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

/** A dialog shown once per browser session for each record of its source (the home announcement). */
export interface PopupSection extends SectionBase {
  type: 'popup';
  source: DataSource;
  /** Identifies the record: a new record is shown even after another one this session. */
  key: Binding;
  /** The dialog's title (`title`) and text. */
  message: Text;
  /** The button that opens `to`, and the one that closes. */
  confirm: Text;
  cancel: Text;
  to?: Template;
}

/** A page of this site in a sandboxed frame (the Content-Security-Policy allows frames of the own origin only). */
export interface FrameSection extends SectionBase {
  type: 'frame';
  url: Template;
  /** Accessible name of the frame. */
  label: Text;
}

export interface ComponentSection extends SectionBase {
  type: 'component';
  name: string;
  props?: Record<string, unknown>;
}

export type Section =
  | ListSection | DetailSection | SummarySection | TabsSection | MenuSection | GridSection
  | BannerSection | HtmlSection | ActionsSection | FormSection | QrSection | CountdownSection
  | EmptySection | PopupSection | FrameSection | ComponentSection;
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
  /** Extra fields sent with the payload: literals, or bindings over the screen (`{{query.currency}}`). */
  extra?: Record<string, unknown>;
  /**
   * After success: toast (its `values` are bindings over the answer as `data`), clear these fields, refresh
   * the data of these endpoints, store a returned token, navigate.
   */
  success?: { toast?: Text; values?: Record<string, unknown>; reset?: string[]; navigate?: Template; setToken?: boolean; revalidate?: EndpointKey[] };
  /** Set by the server when the contract marks the endpoint as moving money. */
  idempotent?: boolean;
}

/** Live figures of a form: an endpoint asked again as the fields it reads change (debounced); its answer is `data`. */
export interface FormSource { endpoint: EndpointKey; params?: Record<string, unknown>; refresh?: number }
/** Instead of the form, when `if` holds: a text and a button leading where it can be fixed. */
export interface FormGate { if: Expression; text: Text; button?: Text; to?: Template }
export interface FormFigure { label: Text; labelValues?: Record<string, unknown>; value: Template; id?: string; emphasis?: boolean }
/** A list of figures, at the top or after a field, and a note under it. */
export interface FormFigures { after?: string; items: FormFigure[]; note?: Text }
/** A rule over what is typed and the live figures (`!form.number || form.number <= data.max`), always checked. */
export interface FormRule { field: string; test: Expression; message: Text; values?: Record<string, unknown> }

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
  source?: FormSource;
  gates?: FormGate[];
  figures?: FormFigures[];
  rules?: FormRule[];
}

/** What a binding or expression can read. */
/** A type, not an interface: it is then a plain record that bindings and conditions read. */
export type Scope = {
  params: Record<string, unknown>;
  query: Record<string, string>;
  user: unknown;
  config: unknown;
  data: unknown;
  item: unknown;
};
