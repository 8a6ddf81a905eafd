/**
 * The site's content as configuration (issue 24): `content/banners.json`, `content/announcements.json`,
 * `content/faq.json`, `content/pages.json` and the mine screen's service menu `content/menu.json`, with the
 * banners' images in `content/images/`. Every text is
 * a map with all the shipped languages (HTML, not ICU: articles and pages carry paragraphs and lists), so a
 * shipped language missing anywhere refuses the file instead of showing English to that language's customers.
 * A language an operator adds later (`screens/app.json`) may be added to each map; until it is, its customers
 * read the English (`textIn`).
 * Checked here by their formats (meta-schemas built from the language list) and by what a format cannot
 * say: an image that is no file, an id used twice, an impossible date, two popups, a menu row twice. The menu's
 * titles are message keys (the lint checks they exist: src/shared/config/lint.ts).
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { SHIPPED_LANGUAGE_CODES as LANGUAGES, type Language } from '../i18n/languages';
import { REGISTERED_ROUTES } from '../routes';
import { ICON_NAMES } from '../screens/icons';
import { LINK_ACTIONS } from '../screens/names';
import type { Problem } from './json';

export type Texts = Record<Language, string>;

/** A text in a language, or in English where the map has none yet (a language added after the content). */
export function textIn(texts: Texts, lang: Language): string {
  return texts[lang] ?? texts.en;
}

/** A language code as app.json names one: a further key of a text map. */
const LANGUAGE_KEY = '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$';

export interface ContentArticle {
  id: number;
  /** `YYYY-MM-DD`: the date shown. */
  date: string;
  /** Announcements only: the one shown as the home screen's popup. */
  popup?: boolean;
  title: Texts;
  summary: Texts;
  content: Texts;
  /** Banners: a file of content/images/ per language (a picture with words is drawn per language). */
  image?: Texts;
}

export interface FaqEntry { id: number; question: Texts; answer: Texts }

/** The pages: About us, Contact us, Compliance, and the texts `GET /getSetting` serves by keyword (SETTING_PAGES). */
export const PAGE_SLUGS = ['aboutus', 'contactus', 'operational_compliance', 'vip_description', 'register_agreement'] as const;
/** The pages the platform's app reads as settings (`GET /getSetting?keyword=vip_description`: the page's HTML). */
export const SETTING_PAGES: readonly PageSlug[] = ['vip_description', 'register_agreement'];
export type PageSlug = typeof PAGE_SLUGS[number];
export interface PageContent { title: Texts; content: Texts }

/** A row of the mine screen's service menu (`GET /menu`). */
export interface MenuRow {
  /** A message key: the row's text in every language. */
  title: string;
  icon: string;
  /** A registered route (a row whose screen is not built yet is hidden) or `action:<name>`. */
  url: string;
  /** About the customer's money: the platform's financial page lists these. */
  financial?: boolean;
}

export interface SiteContent {
  banners: ContentArticle[];
  announcements: ContentArticle[];
  faq: FaqEntry[];
  pages: Record<PageSlug, PageContent>;
  menu: MenuRow[];
}

export const CONTENT_FILES = {
  banners: 'content/banners.json',
  announcements: 'content/announcements.json',
  faq: 'content/faq.json',
  pages: 'content/pages.json',
  menu: 'content/menu.json',
} as const;

export const CONTENT_IMAGES_FOLDER = 'content/images';
export const CONTENT_IMAGE_RE = /^[a-zA-Z0-9][a-zA-Z0-9._-]*\.(svg|png|jpg|jpeg|webp|gif)$/;

const texts = (description: string): object => ({
  type: 'object', description, required: [...LANGUAGES],
  properties: Object.fromEntries(LANGUAGES.map((l) => [l, { type: 'string', minLength: 1 }])),
  patternProperties: { [LANGUAGE_KEY]: { type: 'string', minLength: 1 } }, additionalProperties: false,
});
const id = { type: 'integer', minimum: 1, description: 'unique among banners and announcements (the detail page asks by it)' };
const date = { type: 'string', pattern: '^\\d{4}-\\d\\d-\\d\\d$', description: 'YYYY-MM-DD' };
const article = (extra: Record<string, object>, required: string[]): object => ({
  type: 'object', additionalProperties: false, required: ['id', 'date', 'title', 'summary', 'content', ...required],
  properties: { id, date, title: texts('title'), summary: texts('a line or two under the title'), content: texts('HTML of the detail page'), ...extra },
});
const list = (name: string, item: object): object => ({
  type: 'object', additionalProperties: false, required: [name], properties: { $schema: { type: 'string' }, [name]: { type: 'array', items: item } },
});

/** The format of each content file. */
export function contentMetaSchemas(): Record<keyof SiteContent, object> {
  const page = { type: 'object', additionalProperties: false, required: ['title', 'content'], properties: { title: texts('title'), content: texts('HTML') } };
  return {
    banners: list('banners', article({ image: { ...texts('a file name of content/images/'), properties: Object.fromEntries(LANGUAGES.map((l) => [l, { type: 'string', pattern: CONTENT_IMAGE_RE.source }])), patternProperties: { [LANGUAGE_KEY]: { type: 'string', pattern: CONTENT_IMAGE_RE.source } } } }, ['image'])),
    announcements: list('announcements', article({ popup: { type: 'boolean' } }, [])),
    faq: list('faq', { type: 'object', additionalProperties: false, required: ['id', 'question', 'answer'], properties: { id: { type: 'integer', minimum: 1 }, question: texts('plain text'), answer: texts('HTML') } }),
    pages: { type: 'object', additionalProperties: false, required: [...PAGE_SLUGS], properties: { $schema: { type: 'string' }, ...Object.fromEntries(PAGE_SLUGS.map((s) => [s, page])) } },
    menu: list('menu', {
      type: 'object', additionalProperties: false, required: ['title', 'icon', 'url'],
      properties: {
        title: { type: 'string', minLength: 1, description: 'a message key of i18n/ (mine.menu.faq)' },
        icon: { type: 'string', minLength: 1, description: 'an icon of the app (docs/operators.md, "Icons")' },
        url: { type: 'string', minLength: 1, description: 'a page of the app (/pages/common/faq) or action:setLanguage, action:setFiat, action:logout' },
        financial: { type: 'boolean', description: 'about the customer\'s money: listed on the platform\'s financial page' },
      },
    }),
  };
}

let validators: Record<keyof SiteContent, ValidateFunction> | undefined;
function contentValidators(): Record<keyof SiteContent, ValidateFunction> {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const metas = contentMetaSchemas();
    validators = Object.fromEntries(Object.entries(metas).map(([k, m]) => [k, ajv.compile(m)])) as Record<keyof SiteContent, ValidateFunction>;
  }
  return validators;
}

const isRealDate = (d: string): boolean => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/**
 * Checks the content files among `parsed` (file -> JSON). `images`: the file names in content/images/, or
 * undefined when not known (then images are not checked). Nothing is checked when no content file is there
 * (a partial configuration, as the tests lint); the server requires them (compile.ts).
 */
export function checkContent(
  parsed: ReadonlyMap<string, unknown>,
  present: readonly string[],
  images: { has(name: string): boolean } | undefined,
  schemaProblems: (file: string, errors: ErrorObject[] | null | undefined) => Problem[],
  offered: readonly string[] = [],
): { problems: Problem[]; content?: SiteContent } {
  const problems: Problem[] = [];
  for (const file of present.filter((f) => f.startsWith('content/') && !(Object.values(CONTENT_FILES) as string[]).includes(f))) {
    problems.push({ file, path: '$', reason: `not a content file of the app: the content files are ${Object.values(CONTENT_FILES).join(', ')} (images go in ${CONTENT_IMAGES_FOLDER}/)` });
  }
  if (!present.some((f) => f.startsWith('content/'))) return { problems };
  const out: Partial<SiteContent> = {};
  const v = contentValidators();
  for (const [kind, file] of Object.entries(CONTENT_FILES) as [keyof SiteContent, string][]) {
    if (!present.includes(file)) { problems.push({ file, path: '$', reason: 'file is missing: every content file is needed (copy it from the release and edit it)' }); continue; }
    const value = parsed.get(file);
    if (value === undefined) continue; // invalid JSON, reported already
    if (!v[kind](value)) { problems.push(...schemaProblems(file, v[kind].errors)); continue; }
    (out as Record<string, unknown>)[kind] = kind === 'pages' ? value : (value as Record<string, unknown>)[kind];
  }
  if (out.pages) out.pages = Object.fromEntries(PAGE_SLUGS.map((s) => [s, (out.pages as Record<string, PageContent>)[s]])) as SiteContent['pages'];

  const ids = new Map<number, string>();
  for (const kind of ['banners', 'announcements'] as const) {
    const file = CONTENT_FILES[kind];
    (out[kind] ?? []).forEach((a, i) => {
      const at = `$.${kind}[${i}]`;
      if (ids.has(a.id)) problems.push({ file, path: `${at}.id`, reason: `id ${a.id} is used already (${ids.get(a.id)}): each banner and announcement needs its own` });
      else ids.set(a.id, `${file} ${at}`);
      if (!isRealDate(a.date)) problems.push({ file, path: `${at}.date`, reason: `"${a.date}" is not a date (YYYY-MM-DD)` });
      for (const [lang, image] of Object.entries(a.image ?? {})) {
        if (image !== undefined && images && !images.has(image)) {
          problems.push({ file, path: `${at}.image.${lang}`, reason: `unknown image "${image}": there is no such file in ${CONTENT_IMAGES_FOLDER}/` });
        }
      }
    });
  }
  const popups = (out.announcements ?? []).flatMap((a, i) => (a.popup ? [i] : []));
  if (popups.length > 1) problems.push({ file: CONTENT_FILES.announcements, path: `$.announcements[${popups[1]}].popup`, reason: `only one announcement can be the home popup; $.announcements[${popups[0]}] is already` });
  const urls = new Map<string, number>();
  const icons = new Set<string>(ICON_NAMES);
  const actions = LINK_ACTIONS.map((a) => `action:${a}`);
  (out.menu ?? []).forEach((row, i) => {
    const at = `$.menu[${i}]`;
    if (!icons.has(row.icon)) problems.push({ file: CONTENT_FILES.menu, path: `${at}.icon`, reason: `unknown icon "${row.icon}": the icons are listed in docs/operators.md, "Icons"` });
    if (!REGISTERED_ROUTES.has(row.url) && !actions.includes(row.url)) {
      problems.push({ file: CONTENT_FILES.menu, path: `${at}.url`, reason: `"${row.url}" is no page of the app (the routes of src/shared/routes.ts, such as /pages/common/faq) and no action (${actions.join(', ')})` });
    }
    if (urls.has(row.url)) problems.push({ file: CONTENT_FILES.menu, path: `$.menu[${i}].url`, reason: `${row.url} is a row already ($.menu[${urls.get(row.url)}]): the menu would show it twice` });
    else urls.set(row.url, i);
  });
  const faqIds = new Set<number>();
  (out.faq ?? []).forEach((f, i) => {
    if (faqIds.has(f.id)) problems.push({ file: CONTENT_FILES.faq, path: `$.faq[${i}].id`, reason: `id ${f.id} is used already: each question needs its own` });
    faqIds.add(f.id);
  });
  const known = new Set<string>([...LANGUAGES, ...offered]);
  for (const { file, path, texts } of textMaps(out)) {
    for (const lang of Object.keys(texts)) {
      if (!known.has(lang)) problems.push({ file, path: `${path}.${lang}`, reason: `unknown language "${lang}": offer it in screens/app.json languages first, or remove the text` });
    }
  }
  const complete = (Object.keys(CONTENT_FILES) as (keyof SiteContent)[]).every((k) => out[k]);
  return { problems, ...(complete && !problems.length ? { content: out as SiteContent } : {}) };
}

/** Every language map of the content, with its file and place. */
function textMaps(content: Partial<SiteContent>): Array<{ file: string; path: string; texts: Texts }> {
  const out: Array<{ file: string; path: string; texts: Texts }> = [];
  const add = (file: string, at: string, item: object, fields: readonly string[]) => {
    for (const f of fields) {
      const texts = (item as Record<string, Texts | undefined>)[f];
      if (texts) out.push({ file, path: `${at}.${f}`, texts });
    }
  };
  for (const kind of ['banners', 'announcements'] as const) {
    (content[kind] ?? []).forEach((a, i) => add(CONTENT_FILES[kind], `$.${kind}[${i}]`, a, ['title', 'summary', 'content', 'image']));
  }
  (content.faq ?? []).forEach((f, i) => add(CONTENT_FILES.faq, `$.faq[${i}]`, f, ['question', 'answer']));
  for (const [slug, page] of Object.entries(content.pages ?? {})) add(CONTENT_FILES.pages, `$.${slug}`, page, ['title', 'content']);
  return out;
}
