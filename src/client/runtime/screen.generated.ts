/**
 * GENERATED FILE: do not edit. The types of the screen format, generated from screens/screen.schema.json
 * by scripts/gen-screen-types.ts (json-schema-to-typescript). After changing the schema, run
 * `npm run gen:screen-types`; tests/client/runtime/screenTypes.test.ts fails while this file is out of date.
 */
import type { EndpointName } from '../../shared/contract/types';
/**
 * A message key (login.title) or a binding ({{data.title}}); never prose
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "text".
 */
export type Text = string;
/**
 * A yes/no choice kept on this device: `<storage key>.<flag>` (`assetPrefs.hideSmall` is the flag hideSmall of the object stored under assetPrefs). Every section naming the same choice follows it. The app's own keys (token, user, lang, fiat, fiats, h5Version, saveFiatsTime, lastPair) cannot be used.
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "devicePref".
 */
export type DevicePref = string;
/**
 * A condition of the safe expression language: paths, literals, ! && || == != < <= > >= ( ) ?:
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "expression".
 */
export type Expression = string;
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section".
 */
export type Section = (ActionsSection | BannerSection | ColumnsSection | ComponentSection | CountdownSection | DetailSection | EmptySection | FiguresSection | FormSection | FrameSection | GateSection | GridSection | HeaderSection | HtmlSection | ListSection | MenuSection | PopupSection | QrSection | QuotesSection | RecordsSection | ScopeSection | SummarySection | TabsSection);
/**
 * "METHOD /path" declared in src/shared/contract
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "endpoint".
 */
export type Endpoint = EndpointName;
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "action".
 */
export type Action = (NavigateAction | CallAction | LogoutAction | CopyAction | OpenUrlAction | SetLanguageAction | SetFiatAction | BackAction);
/**
 * A route or URL with optional {{bindings}} (bound values are URL-encoded)
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "template".
 */
export type Template = string;
/**
 * One binding {{path | pipe:arg}} over params, query, user, config, data, item
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "binding".
 */
export type Binding = string;
/**
 * A message key of i18n/en.json
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "key".
 */
export type Key = string;
/**
 * A field of a row, as a dotted path without `item.` (`now_price`, `quote.symbol`)
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "fieldPath".
 */
export type FieldPath = string;
/**
 * A storage key on this device for a list (recent searches). The app's own keys cannot be used.
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "deviceKey".
 */
export type DeviceKey = string;
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "sections".
 */
export type Sections = Section[];
export interface ScreenDefinition {
    $schema?: string;
    schemaVersion: 3;
    route: string;
    title?: Text;
    auth?: boolean;
    tab?: ("home" | "market" | "trade" | "assets" | "mine");
    navBar?: boolean;
    /**
     * The dark variant of this screen: true shows it dark always; a device preference ("tradePrefs.dark") shows it dark while that choice is on, with a button in the nav bar switching it. Absent: the app's theme.
     */
    dark?: (true | DevicePref);
    /**
     * Where the screen goes instead while a condition over the query and the user holds: a link missing what the screen needs (the deposit page without a currency goes to the currency chooser), or a page for visitors opened by a logged-in user (login goes to mine). It replaces the entry in the history.
     */
    redirect?: {
        when: Expression;
        /**
         * The route opened instead.
         */
        to: string;
    };
    sections: Sections;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_actions".
 */
export interface ActionsSection {
    type: "actions";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    source?: Source;
    /**
     * @minItems 1
     */
    buttons: {
        label: Text;
        action: Action;
        variant?: ("primary" | "default" | "danger");
        visibleIf?: Expression;
    }[];
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "source".
 */
export interface Source {
    endpoint: Endpoint;
    params?: Params;
    select?: string;
}
/**
 * Request fields; string values may be bindings
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "params".
 */
export interface Params {
    [k: string]: unknown;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "action_navigate".
 */
export interface NavigateAction {
    type: "navigate";
    to: Template;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "action_call".
 */
export interface CallAction {
    type: "call";
    endpoint: Endpoint;
    params?: Params;
    confirm?: Text;
    /**
     * ICU arguments of `confirm` (`{"penalty": "{{item.penalty_now}}"}`): the dialog says what the call will do
     */
    confirmValues?: MessageValues;
    /**
     * The dialog's button that goes ahead, named by what it does (`Cancel order`); required with `confirm`
     */
    confirmLabel?: Text;
    /**
     * The dialog's button that goes back, named by what it keeps (`Keep order`); `Cancel` without it
     */
    cancelLabel?: Text;
    success?: {
        toast?: Text;
        navigate?: Template;
    };
}
/**
 * ICU arguments of a message: literals, {{bindings}}, or the current setting ({"setting": "fiat"}: the display fiat's code, {"setting": "language"}: the interface language's code)
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "messageValues".
 */
export interface MessageValues {
    [k: string]: string | number | boolean | {
        /**
         * fiat: the chosen display fiat's code (USD); language: the interface language's code (en)
         */
        setting: ("fiat" | "language");
    };
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "action_logout".
 */
export interface LogoutAction {
    type: "logout";
    confirm?: Text;
    /**
     * The dialog's button that goes ahead (`Log out`); required with `confirm`
     */
    confirmLabel?: Text;
    /**
     * The dialog's button that goes back (`Stay logged in`); `Cancel` without it
     */
    cancelLabel?: Text;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "action_copy".
 */
export interface CopyAction {
    type: "copy";
    text: Template;
    toast?: Text;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "action_openUrl".
 */
export interface OpenUrlAction {
    type: "openUrl";
    url: Template;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "action_setLanguage".
 */
export interface SetLanguageAction {
    type: "setLanguage";
    lang?: string;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "action_setFiat".
 */
export interface SetFiatAction {
    type: "setFiat";
    code?: string;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "action_back".
 */
export interface BackAction {
    type: "back";
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_banner".
 */
export interface BannerSection {
    type: "banner";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    source: Source;
    image: Binding;
    alt?: Text;
    to?: Template;
    interval?: number;
}
/**
 * Sections side by side: each column a list of sections, in the reading direction (right to left in Persian); a trade screen's ticket beside its order book
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_columns".
 */
export interface ColumnsSection {
    type: "columns";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    /**
     * The columns, first at the start of the line
     *
     * @minItems 2
     * @maxItems 3
     */
    columns: {
        /**
         * The column's share of the row (60 beside 40); 1 share each without it
         */
        width?: number;
        /**
         * The column's sections, one below the other
         */
        sections: Sections;
    }[];
}
/**
 * A named hand-written component (K-line and order book, trading tickets)
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_component".
 */
export interface ComponentSection {
    type: "component";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    name: string;
    props?: {
        [k: string]: unknown;
    };
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_countdown".
 */
export interface CountdownSection {
    type: "countdown";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    source?: Source;
    seconds: (number | Binding);
    label?: Text;
    done?: Text;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_detail".
 */
export interface DetailSection {
    type: "detail";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    source: Source;
    heading?: Text;
    subheading?: Text;
    image?: Template;
    html?: Binding;
    /**
     * A profile's badges after its subheading (the user's level, verification): each a short text, shown while its visibleIf holds, in a tone
     */
    badges?: {
        text: Text;
        /**
         * neutral (default): grey; success: green; warning: amber; accent: the theme's primary colour
         */
        tone?: ("neutral" | "success" | "warning" | "accent");
        visibleIf?: Expression;
    }[];
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_empty".
 */
export interface EmptySection {
    type: "empty";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    text: Text;
    action?: EmptyAction;
}
/**
 * The next step offered under an empty state ("Deposit now" on an empty wallet): a button with its label, leading to a screen (`to`) or running an action
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "emptyAction".
 */
export interface EmptyAction {
    label: Text;
    to?: Template;
    action?: Action;
}
/**
 * Computed read-only rows (fee, total, you receive...) over the values in scope: on a screen its data, in a form file also what is typed (form) and the form's live answer (data)
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_figures".
 */
export interface FiguresSection {
    type: "figures";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    /**
     * @minItems 1
     */
    items: {
        /**
         * The label (a message key, with `labelValues` as its arguments)
         */
        label: Text;
        /**
         * ICU arguments of `label`: literals or {{bindings}}
         */
        labelValues?: {
            [k: string]: unknown;
        };
        /**
         * The value: a template; any binding that resolves to nothing shows -- (no figure yet)
         */
        value: Template;
        /**
         * a test id for browser tests
         */
        id?: string;
        emphasis?: boolean;
        /**
         * a link after the value, to where the figure can be changed (Available: Transfer)
         */
        link?: {
            label: Text;
            to: Template;
        };
    }[];
    /**
     * A note under the rows
     */
    note?: Text;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_form".
 */
export interface FormSection {
    type: "form";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    form: string;
    initial?: {
        [k: string]: unknown;
    };
    /**
     * fields shown but not changed on this screen (the account's own email); the form file's rules still apply
     */
    readonly?: string[];
    /**
     * false: without the form file's links (a logged-in user's screen does not offer "back to log in")
     */
    links?: boolean;
    /**
     * Fills a field with what another part of the screen picks (a price tapped in the order book: a `pairDetail` with `pick` of the same name), each time it is picked
     */
    fill?: {
        /**
         * The pick's name (`bookPrice`)
         */
        pick: string;
        /**
         * The field that receives the picked value (`target_price`)
         */
        field: string;
        /**
         * Other fields set with it, to fixed values (`{"kind": "limit"}`: a picked price makes the order a limit order)
         */
        also?: {
            [k: string]: unknown;
        };
    };
}
/**
 * A page of this site in a sandboxed frame. The Content-Security-Policy allows frames of the own origin only, so an https page elsewhere is offered in the browser instead; anything else is refused.
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_frame".
 */
export interface FrameSection {
    type: "frame";
    /**
     * Shown only when this condition is true
     */
    visibleIf?: Expression;
    /**
     * A heading above the section
     */
    title?: Text;
    /**
     * Names the section (kept across edits of the list of sections)
     */
    id?: string;
    /**
     * The page: a path or URL of this site (`{{query.url}}`)
     */
    url: Template;
    /**
     * Accessible name of the frame
     */
    label: Text;
}
/**
 * A text and a button leading where something can be fixed (no payment password yet); in a form file, the first gate whose visibleIf holds is shown instead of the form
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_gate".
 */
export interface GateSection {
    type: "gate";
    /**
     * Shown while this holds (in a form file: instead of the form)
     */
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    text: Text;
    /**
     * The button's text (with `to`)
     */
    button?: Text;
    /**
     * Where the button leads
     */
    to?: Template;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_grid".
 */
export interface GridSection {
    type: "grid";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    columns?: number;
    /**
     * @minItems 1
     */
    items: {
        icon: string;
        label: Text;
        to?: Template;
        action?: Action;
        visibleIf?: Expression;
    }[];
}
/**
 * A screen's header bar: the site's logo and name, a search field that opens the search screen, icon buttons (notifications), and log in for visitors or the user's avatar for a logged-in user
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_header".
 */
export interface HeaderSection {
    type: "header";
    visibleIf?: Expression;
    id?: string;
    /**
     * The logo image, a path on this site or a URL: {{config.site_logo}}
     */
    logo?: Template;
    /**
     * The site's name beside the logo, and the logo's text for screen readers: {{config.site_name}}
     */
    name?: Text;
    /**
     * Where the logo leads (none: it is not a link)
     */
    to?: Template;
    /**
     * A search field drawn as a button: tapping it opens the search screen
     */
    search?: {
        /**
         * Its placeholder text and accessible name
         */
        label: Text;
        to: Template;
    };
    /**
     * Icon buttons after the search field (the notifications bell)
     */
    buttons?: {
        icon: string;
        /**
         * The button's accessible name
         */
        label: Text;
        to?: Template;
        action?: Action;
        visibleIf?: Expression;
        /**
         * A count on the button (the unread messages): `value` over the source's answer as `data`; nothing while it is empty or 0. Put the button behind `visibleIf: user` when its endpoint needs a login
         */
        badge?: {
            source: Source;
            value: Template;
        };
    }[];
    /**
     * Shown to a visitor: a button to log in
     */
    login?: {
        label: Text;
        to: Template;
    };
    /**
     * Shown to a logged-in user: their avatar (a person icon while they have none), leading to their account
     */
    account?: {
        /**
         * The avatar's image: {{user.head_portrait}}
         */
        image?: Template;
        /**
         * The avatar's accessible name
         */
        label: Text;
        to: Template;
    };
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_html".
 */
export interface HtmlSection {
    type: "html";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    source?: Source;
    /**
     * Server HTML (an article body) from the source: sanitised before it is shown
     */
    html?: Binding;
    /**
     * A message key whose ICU message is rich text (<b>, <i>, <p>, <h2>, <ul>/<li>, <a>, <br>): static copy that translates. Values of the message come from `values`.
     */
    message?: Key;
    /**
     * ICU arguments of `message`: literals or {{bindings}}
     */
    values?: {
        [k: string]: string | number | boolean;
    };
}
/**
 * Rows from an endpoint, paged by a load-more button or infinite scroll, or a one-line announcement strip
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_list".
 */
export interface ListSection {
    type: "list";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    /**
     * The endpoint giving the rows (a Page, or an array with "paging": "none")
     */
    source: Source;
    /**
     * How a row shows: texts over `item` (the row).
     */
    item: {
        /**
         * An HTML body shown when the row is expanded (FAQ answers); sanitised
         */
        body?: Binding;
        /**
         * The row's name
         */
        title?: Text;
        /**
         * A coin or stock symbol (`{{item.currency_name}}`): its icon leads the row (a letter mark when the app ships none)
         */
        coin?: Template;
        /**
         * A second line under the title
         */
        subtitle?: Text;
        /**
         * The figure at the end of the row
         */
        value?: Text;
        /**
         * A second line under the value
         */
        note?: Text;
        /**
         * An image URL leading the row
         */
        image?: Template;
        /**
         * Where a tap on the row leads (shown only if that screen exists)
         */
        to?: Template;
        /**
         * An action a tap on the row runs
         */
        action?: Action;
    };
    /**
     * Message key shown when there are no rows
     */
    empty?: Text;
    /**
     * A second line under `empty`: what to do next or what will show here ("Rebates paid for your invitees' recharges show here")
     */
    emptyHint?: Text;
    emptyAction?: EmptyAction;
    /**
     * more: a load-more button; infinite: loads when the end scrolls into view; none: one request without paging fields
     */
    paging?: ("more" | "infinite" | "none");
    /**
     * Page size sent as `limit`
     */
    limit?: number;
    /**
     * rows (default) or strip (a one-line announcement strip)
     */
    layout?: ("rows" | "strip");
    /**
     * Route of the whole list, linked as "More"
     */
    moreTo?: Template;
}
/**
 * Rows with icon, label, value and a route, action or picker: fixed items, or rows from an endpoint; fixed items with a `source` and no `item` read its answer as `data` (the unread count of Messages)
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_menu".
 */
export interface MenuSection {
    type: "menu";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    items?: {
        icon?: string;
        label: Text;
        value?: Text;
        to?: Template;
        action?: Action;
        /**
         * Shown as a switch, on while this condition holds (`user.notify.funds`); a tap runs `action`, which changes it
         */
        checked?: Expression;
        visibleIf?: Expression;
        /**
         * The row shows the current interface language (in its own name), display fiat or theme, and a tap offers the others in an action sheet: the languages of screens/app.json (`languages`), the fiats with a rate, or light, dark and following the system (kept on the device, over app.json's theme.mode)
         */
        picker?: ("language" | "fiat" | "theme");
    }[];
    source?: Source;
    item?: {
        icon?: string;
        label: Text;
        value?: Text;
        to?: Template;
        action?: Action;
        visibleIf?: Expression;
    };
}
/**
 * A dialog for the record of its source (the home announcement), shown once per browser session per record; nothing while the source has no record
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_popup".
 */
export interface PopupSection {
    type: "popup";
    /**
     * Shown only when this condition is true
     */
    visibleIf?: Expression;
    /**
     * The dialog's title (`{{data.title}}`)
     */
    title: Text;
    /**
     * Names the section (kept across edits of the list of sections)
     */
    id?: string;
    /**
     * The record shown (`data`); null or empty shows nothing
     */
    source: Source;
    /**
     * Identifies the record (`{{data.id}}`): a new record is shown even after another one this session
     */
    key: Binding;
    /**
     * The dialog's text
     */
    message: Text;
    /**
     * The button opening `to`
     */
    confirm: Text;
    /**
     * The button closing the dialog
     */
    cancel: Text;
    /**
     * Where the confirm button leads
     */
    to?: Template;
}
/**
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_qr".
 */
export interface QrSection {
    type: "qr";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    source?: Source;
    text: Template;
    caption?: Text;
    /**
     * Show the encoded text under the code, with a copy button
     */
    showText?: boolean;
}
/**
 * A market table: rows from an endpoint, optionally live from a socket room, filtered, searched, sorted, with a sortable header, stars and a login requirement; rows with a price and a change badge
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_quotes".
 */
export interface QuotesSection {
    type: "quotes";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    /**
     * The endpoint giving the rows (a Page, or an array with "paging": "none")
     */
    source: Source;
    /**
     * How a row shows: texts over `item` (the row). A row with `price` or `change` is a quote row: title, price and change badge in fixed columns.
     */
    item: {
        /**
         * The row's name
         */
        title?: Text;
        /**
         * A coin or stock symbol (`{{item.currency_name}}`): its icon leads the row (a letter mark when the app ships none)
         */
        coin?: Template;
        /**
         * A second line under the title
         */
        subtitle?: Text;
        /**
         * The figure at the end of the row
         */
        value?: Text;
        /**
         * A second line under the value
         */
        note?: Text;
        /**
         * Where a tap on the row leads (shown only if that screen exists)
         */
        to?: Template;
        /**
         * An action a tap on the row runs
         */
        action?: Action;
        /**
         * Muted text right after the title, in the same isolate (a pair's `/{{item.legal_name}}`)
         */
        suffix?: Text;
        /**
         * A price (decimal string), shown grouped with `priceDecimals` decimals and, under it, its value in the chosen display fiat
         */
        price?: Binding;
        /**
         * Decimals of `price`: a number or a binding (`{{item.price_decimals}}`)
         */
        priceDecimals?: (number | Binding);
        /**
         * The currency of `price`: its fiat value is left out when the chosen display fiat is this currency
         */
        priceCurrency?: Binding;
        /**
         * A signed change in percent (`1.50`, `-2.25`), shown as a green (up) or red (down) badge
         */
        change?: Binding;
    };
    /**
     * Message key shown when there are no rows
     */
    empty?: Text;
    emptyAction?: EmptyAction;
    /**
     * more: a load-more button; infinite: loads when the end scrolls into view; none: one request without paging fields
     */
    paging?: ("more" | "infinite" | "none");
    /**
     * Page size sent as `limit`
     */
    limit?: number;
    /**
     * Route of the whole list, linked as "More"
     */
    moreTo?: Template;
    /**
     * Only rows for which this condition over `item` is true (`item.category != 'stock'`)
     */
    filter?: Expression;
    /**
     * The rows' order (without it, the source's)
     */
    sort?: {
        /**
         * The field compared (`change`)
         */
        by: FieldPath;
        /**
         * Multiply `by` by this field before comparing (`volume` × `now_price` = volume in the quote currency)
         */
        times?: FieldPath;
        /**
         * asc: smallest first; desc: largest first
         */
        dir: ("asc" | "desc");
    };
    /**
     * At most this many rows, after filtering and sorting
     */
    max?: number;
    /**
     * A header row; a column with `sort` is a button ordering the rows by that field (its first direction, the other, then the list's own order). Quote rows have three columns: title, price, change.
     *
     * @minItems 1
     * @maxItems 6
     */
    columns?: {
        /**
         * The column's header
         */
        label: Text;
        /**
         * Makes the header a sort button
         */
        sort?: {
            /**
             * The field compared
             */
            by: FieldPath;
            /**
             * Multiply `by` by this field before comparing
             */
            times?: FieldPath;
            /**
             * Direction of the first tap (default asc)
             */
            first?: ("asc" | "desc");
        };
    }[];
    /**
     * Rows kept live from a socket room: each message (a row or an array of rows) updates the row with the same `key`, at most once per animation frame; only rows that changed re-render. While the connection is down a notice says since when; after a reconnect the rows are fetched again.
     */
    live?: {
        /**
         * The room subscribed to (`tickers`)
         */
        room: string;
        /**
         * The room's event (`tickers`: every pair's quote in one array)
         */
        event: string;
        /**
         * The field matching a message to a row (`currency_id`)
         */
        key: FieldPath;
        /**
         * The fields a message updates
         *
         * @minItems 1
         */
        fields: FieldPath[];
        /**
         * A field whose rise or fall tints the row green or red for a moment
         */
        flash?: FieldPath;
        /**
         * Message shown while live data is not flowing; {time} is since when (default widget.live.stale)
         */
        stale?: Key;
    };
    /**
     * A star on every row to follow or unfollow it. A visitor's tap says to log in first and opens login; after a change the server's message is shown and the followed rows are fetched again.
     */
    follow?: {
        /**
         * The followed rows (read while someone is logged in)
         */
        source: Source;
        /**
         * The field identifying a row in both lists (`symbol`)
         */
        key: FieldPath;
        /**
         * The call following a row (params over `item`)
         */
        add: {
            endpoint: Endpoint;
            params?: Params;
        };
        /**
         * The call unfollowing a row (params over `item`)
         */
        remove: {
            endpoint: Endpoint;
            params?: Params;
        };
        /**
         * Accessible name of the empty star
         */
        addLabel: Key;
        /**
         * Accessible name of the full star
         */
        removeLabel: Key;
        /**
         * ICU arguments of the labels: literals or {{bindings}} over `item`
         */
        values?: {
            [k: string]: string | number | boolean;
        };
    };
    /**
     * The rows need a logged-in user: a visitor sees `text` and a button to the login screen instead (nothing is requested)
     */
    login?: {
        /**
         * What the visitor is told
         */
        text: Text;
        /**
         * The login button (default widget.login)
         */
        button?: Text;
    };
    /**
     * A search box above the rows, filtering them as you type (any case; spaces and punctuation ignored); rows with a field starting with the query come first
     */
    search?: {
        /**
         * The box's accessible name
         */
        label: Text;
        /**
         * Hint inside the empty box
         */
        placeholder?: Text;
        /**
         * The fields searched
         *
         * @minItems 1
         */
        fields: FieldPath[];
        /**
         * none (default): rows appear once something is typed (recent searches until then); all: every row until then
         */
        whenEmpty?: ("none" | "all");
        /**
         * Message when nothing matches; {query} is the search (default widget.search.none)
         */
        none?: Key;
        /**
         * Keeps submitted searches, and the search field of each row opened from the results, on this device under this key (at most 10, newest first), offered as chips while the box is empty
         */
        remember?: DeviceKey;
        /**
         * Heading of the recent searches (default widget.search.recent)
         */
        recent?: Text;
        /**
         * The button forgetting them (default widget.search.clear)
         */
        clear?: Text;
        /**
         * While the box is empty, the rows shown under the recent searches: the section's rows in this order, at most `max` (the pairs with the most volume)
         */
        popular?: {
            /**
             * Their heading
             */
            title: Text;
            /**
             * The rows' order (without it, the source's)
             */
            sort: {
                /**
                 * The field compared (`change`)
                 */
                by: FieldPath;
                /**
                 * Multiply `by` by this field before comparing (`volume` × `now_price` = volume in the quote currency)
                 */
                times?: FieldPath;
                /**
                 * asc: smallest first; desc: largest first
                 */
                dir: ("asc" | "desc");
            };
            /**
             * At most this many (default 10)
             */
            max?: number;
        };
    };
}
/**
 * Records (balances, orders, positions, products) from an endpoint (paged) or from data in scope, each with label/value fields, buttons and a countdown; optionally row filters kept on the device and hidden figures
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_records".
 */
export interface RecordsSection {
    type: "records";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    /**
     * The endpoint giving the rows (a Page, or an array with "paging": "none")
     */
    source?: Source;
    /**
     * How a record shows: texts over `item` (the row), with label/value fields, buttons and a countdown under it
     */
    item: {
        /**
         * The row's name
         */
        title?: Text;
        /**
         * A coin or stock symbol (`{{item.currency_name}}`): its icon leads the row (a letter mark when the app ships none)
         */
        coin?: Template;
        /**
         * A second line under the title
         */
        subtitle?: Text;
        /**
         * The figure at the end of the row
         */
        value?: Text;
        /**
         * A second line under the value
         */
        note?: Text;
        /**
         * An image URL leading the row
         */
        image?: Template;
        /**
         * Where a tap on the row leads (shown only if that screen exists)
         */
        to?: Template;
        /**
         * An action a tap on the row runs
         */
        action?: Action;
        /**
         * Label/value pairs under the row (a balance's available, frozen and locked amounts); more than four wrap in rows of three
         *
         * @minItems 1
         * @maxItems 9
         */
        fields?: {
            label: Text;
            value: Text;
        }[];
        /**
         * Buttons under the row, each running an action over `item` (close a position, cancel an order)
         *
         * @minItems 1
         * @maxItems 4
         */
        buttons?: {
            label: Text;
            action: Action;
            variant?: ("primary" | "default" | "danger");
            /**
             * Shown only when this condition over `item` holds
             */
            visibleIf?: Expression;
        }[];
        /**
         * A live countdown in the row (an open seconds contract): seconds left, ticking each second
         */
        countdown?: {
            /**
             * Seconds left when the row arrived (`{{item.remaining}}`)
             */
            seconds: Binding;
            /**
             * Text before the time
             */
            label?: Text;
            /**
             * Shown once it reaches zero (settling)
             */
            done?: Text;
            /**
             * Shown only when this condition over `item` holds
             */
            visibleIf?: Expression;
        };
    };
    /**
     * Message key shown when there are no rows
     */
    empty?: Text;
    /**
     * A second line under `empty`: what to do next or what will show here ("Orders you place show here until they fill")
     */
    emptyHint?: Text;
    emptyAction?: EmptyAction;
    /**
     * more: a load-more button; infinite: loads when the end scrolls into view; none: one request without paging fields
     */
    paging?: ("more" | "infinite" | "none");
    /**
     * Page size sent as `limit`
     */
    limit?: number;
    /**
     * Route of the whole list, linked as "More"
     */
    moreTo?: Template;
    /**
     * Rows from the data in scope instead of an endpoint (`{{data.balances}}` in a data-fed tab)
     */
    rows?: Binding;
    /**
     * At most this many rows
     */
    max?: number;
    /**
     * Check boxes above the rows, each leaving rows out while ticked (hide small balances); the choices are kept on this device
     *
     * @minItems 1
     * @maxItems 4
     */
    toggles?: {
        /**
         * The check box's label
         */
        label: Text;
        /**
         * Rows for which this condition over `item` is true are left out (`item.usdt_value < 1`)
         */
        hides: Expression;
        /**
         * Where the choice is kept
         */
        pref: DevicePref;
        /**
         * Ticked until the user chooses (default false)
         */
        default?: boolean;
    }[];
    /**
     * A search box above the rows, filtering them as you type (any case; spaces and punctuation ignored); rows with a field starting with the query come first (a coin picker)
     */
    search?: {
        /**
         * The box's accessible name
         */
        label: Text;
        /**
         * Hint inside the empty box
         */
        placeholder?: Text;
        /**
         * The fields searched
         *
         * @minItems 1
         */
        fields: FieldPath[];
        /**
         * none (default): rows appear once something is typed (recent searches until then); all: every row until then
         */
        whenEmpty?: ("none" | "all");
        /**
         * Message when nothing matches; {query} is the search (default widget.search.none)
         */
        none?: Key;
        /**
         * Keeps submitted searches on this device under this key (at most 10, newest first), offered as chips while the box is empty
         */
        remember?: DeviceKey;
        /**
         * Heading of the recent searches (default widget.search.recent)
         */
        recent?: Text;
        /**
         * The button forgetting them (default widget.search.clear)
         */
        clear?: Text;
    };
    /**
     * While this choice is on, every bound figure of the rows (value, note, fields) shows as ****
     */
    mask?: DevicePref;
}
/**
 * One record of an endpoint as `data` for the sections below: the element of the source's array meeting `find` (the pair of `?symbol=` in `GET /coin/pairs`), or the whole answer
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_scope".
 */
export interface ScopeSection {
    type: "scope";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    source: Source;
    /**
     * The condition over `item` (an element of the answer, after `select`) that picks the record (`item.symbol == query.symbol`)
     */
    find?: Expression;
    /**
     * Shown when no element meets `find`
     */
    empty?: Text;
    /**
     * The sections reading the record as `data`
     */
    sections: Sections;
}
/**
 * Label/value pairs, optionally over one endpoint's data
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_summary".
 */
export interface SummarySection {
    type: "summary";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    source?: Source;
    /**
     * @minItems 1
     */
    fields: {
        /**
         * The label (a message key, with `values` as its arguments)
         */
        label: Text;
        /**
         * The value
         */
        value: Text;
        visibleIf?: Expression;
        /**
         * ICU arguments of `label` (`{"currency": {"setting": "fiat"}}`)
         */
        values?: MessageValues;
    }[];
    /**
     * list (default): small label/value pairs; total: headline figures (an account total)
     */
    layout?: ("list" | "total");
    /**
     * While this choice is on, bound values show as ****
     */
    mask?: DevicePref;
    /**
     * An eye button beside the first label switching `mask`
     */
    maskToggle?: boolean;
}
/**
 * A tab list and the selected tab's panel: fixed tabs with their own sections, or one tab per element of data (`source` or `items`) showing `sections` with that element as `data`
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "section_tabs".
 */
export interface TabsSection {
    type: "tabs";
    visibleIf?: Expression;
    title?: Text;
    id?: string;
    /**
     * Fixed tabs
     *
     * @minItems 1
     */
    tabs?: {
        /**
         * The tab's name
         */
        label: Text;
        /**
         * The tab's panel
         */
        sections: Sections;
        /**
         * Names the tab for `initial`
         */
        key?: string;
        /**
         * A second line over the data in scope: a figure such as an account's total (`{{data.change_wallet.usdt_totle | fiat}}`)
         */
        value?: Text;
    }[];
    /**
     * One tab per element of this endpoint's data (an array, after `select`)
     */
    source?: Source;
    /**
     * One tab per element of data in scope (`{{data.accounts}}`)
     */
    items?: Binding;
    /**
     * How a data-fed tab shows, over `item` (its element)
     */
    tab?: {
        /**
         * The tab's name (`{{item.account | t:'assets.account'}}`)
         */
        label: Text;
        /**
         * A second line: a figure such as the element's total
         */
        value?: Text;
        /**
         * Names the element for `initial` (`{{item.account}}`)
         */
        key?: Binding;
    };
    /**
     * The panel of a data-fed tab: its sections read the selected element as `data`
     */
    sections?: Sections;
    /**
     * Key of the tab selected first (`key` of a fixed tab, `tab.key` of a data-fed one); default the first tab; may be a {{binding}} (`{{query.mode}}`)
     */
    initial?: string;
    /**
     * Accessible name of the tab list when there is no title
     */
    label?: Text;
    /**
     * The title is the page's heading (large, h1), on a screen without a nav bar
     */
    pageTitle?: boolean;
    /**
     * A link beside the title
     */
    link?: {
        label: Text;
        to: Template;
    };
    /**
     * While this choice is on, the tabs' values show as ****
     */
    mask?: DevicePref;
}
/**
 * An order of rows by a field: numbers and decimal strings by value, texts alphabetically; rows without the field go last
 *
 * This interface was referenced by `ScreenDefinition`'s JSON-Schema
 * via the `definition` "rowOrder".
 */
export interface RowOrder {
    /**
     * The field compared (`change`)
     */
    by: FieldPath;
    /**
     * Multiply `by` by this field before comparing (`volume` × `now_price` = volume in the quote currency)
     */
    times?: FieldPath;
}
