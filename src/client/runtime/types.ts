/**
 * The screen format: every route is a `screens/<group>/<page>.json` file of this shape. The types are
 * generated from its JSON Schema, screens/screen.schema.json, into screen.generated.ts
 * (`npm run gen:screen-types`); here they get the names the code uses for the parts the schema declares
 * in place (a list's row template, a menu's rows).
 *
 * Text fields (`Text`) hold a message key (`login.title`) or a binding (`{{data.title}}`), never prose.
 * Route/URL fields (`Template`) hold a path with optional bindings (`/pages/common/article?id={{item.id}}`).
 * Conditions (`visibleIf`) are expressions of the safe expression language in `expression.ts`.
 */
import type { ListSection, MenuSection, QuotesSection, RecordsSection, Section, Source, SummarySection } from './screen.generated';

export type {
  Action, ActionsSection, BackAction, BannerSection, Binding, CallAction, ComponentSection, CopyAction,
  ColumnsSection, CountdownSection, DetailSection, DevicePref, EmptyAction, EmptySection, Expression, FiguresSection, FormSection, FrameSection, GateSection, GridSection, HeaderSection,
  HtmlSection, ListSection, LogoutAction, MenuSection, NavigateAction, OpenUrlAction, PopupSection, QrSection,
  QuotesSection, RecordsSection, RowOrder, ScopeSection, ScreenDefinition, Section, SetFiatAction, SetLanguageAction, SummarySection, TabsSection, Template, Text,
} from './screen.generated';

export type DataSource = Source;
export type SectionType = Section['type'];
export type ListItemTemplate = ListSection['item'];
export type QuoteItemTemplate = QuotesSection['item'];
export type RecordItemTemplate = RecordsSection['item'];
export type ListLive = NonNullable<QuotesSection['live']>;
export type ListFollow = NonNullable<QuotesSection['follow']>;
export type SummaryField = SummarySection['fields'][number];
/** The current app setting as an ICU argument: the display fiat's code (`USD`) or the interface language's (`en`). */
export type MenuItem = NonNullable<MenuSection['items']>[number];

/** Actions a data-driven link may name as `to: "action:<name>"` (e.g. rows of GET /menu). */
export { LINK_ACTIONS } from '../../shared/screens/names';

/**
 * What a binding or expression can read. Hand-written: it is the runtime's, not part of the screen format.
 * A type, not an interface: it is then a plain record that bindings and conditions read.
 */
export type Scope = {
  params: Record<string, unknown>;
  query: Record<string, string>;
  user: unknown;
  config: unknown;
  data: unknown;
  item: unknown;
};
