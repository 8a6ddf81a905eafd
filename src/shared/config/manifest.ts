/**
 * The manifest of the served configuration: a content hash per file, which names its immutable URL. The
 * server inlines it into the HTML and sends a new one with the socket event `config` after a reload; the
 * app fetches what it needs by these names, so a changed file is a new URL and an unchanged one a cache hit.
 */
export interface ConfigManifest {
  /** Hash of the whole manifest: changes whenever anything changes. */
  version: string;
  app: string;
  /** Route (`/pages/fund/assets`) -> hash. */
  screens: Record<string, string>;
  /** Form name -> hash. */
  forms: Record<string, string>;
  /** `<lang>.<part>` (`en.core`) -> hash. */
  messages: Record<string, string>;
  /**
   * Set in the HTML's copy, which names only what a first screen can need (the screens, the visitor's
   * messages): the app fetches the whole manifest before it needs a form or another language.
   */
  partial?: true;
  /** Set for a preview session: this is the operator's unpublished draft (the app shows a marker). */
  preview?: true;
}

/** The HTML's copy of a manifest: the screens and one language's messages (see `partial`). */
export function partialManifest(m: ConfigManifest, lang: string): ConfigManifest {
  const messages = Object.fromEntries(Object.entries(m.messages).filter(([k]) => k.startsWith(`${lang}.`)));
  return { version: m.version, app: m.app, screens: m.screens, forms: {}, messages, partial: true, ...(m.preview ? { preview: true as const } : {}) };
}

/** The socket event announcing a new configuration; its payload is the new manifest. */
export const CONFIG_EVENT = 'config';

export const configUrl = {
  app: (h: string) => `/config/app.${h}.json`,
  screen: (route: string, h: string) => `/config/screens${route}.${h}.json`,
  form: (name: string, h: string) => `/config/forms/${name}.${h}.js`,
  messages: (langPart: string, h: string) => `/config/messages/${langPart}.${h}.json`,
};

/** What the server inlines into the HTML (`<script id="boot" type="application/json">`). */
export interface BootData {
  manifest: ConfigManifest;
  app: unknown;
  /** The home screen, so the first screen costs no round trip. */
  home?: { route: string; screen: unknown };
  /** The core messages of the language the request asked for (Accept-Language). */
  messages?: { lang: string; part: 'core'; data: unknown };
}

export const BOOT_ELEMENT_ID = 'boot';
