/**
 * Turns a checked configuration into what the server serves and enforces:
 * - screens: the migrated JSON of each route;
 * - forms: an ES module each (shared/config/formRuntime) and, for the API, a validator per form;
 * - messages: per offered language (app.json `languages`) and part (core, rest), ICU compiled to AST with
 *   English filling the gaps; plain texts per language for the server's own messages;
 * - the manifest: content hashes of all of them, which name the immutable URLs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { _, type ValidateFunction } from 'ajv';
import Ajv from 'ajv';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { FORM_AJV_OPTIONS, type LintResult } from '../../shared/config/lint';
import { CONTENT_FILES, type SiteContent } from '../../shared/config/content';
import { BUY_FILE, type BuySettings, CHAINS_FILE, type ChainSetting, REFERRAL_FILE, type ReferralSettings, SITE_FILE, type SiteSettings, VIP_FILE, type VipSettings, COUPONS_FILE, type CouponSettings } from '../../shared/config/settings';
import { CURRENCIES } from '../market/currencies';
import { FORM_RUNTIME_MODULES } from '../../shared/config/formRuntime';
import { apiRules, type ApiRule } from '../../shared/config/formRules';
import { configUrl, type ConfigManifest } from '../../shared/config/manifest';
import { messagePart, type MessagePart } from '../../shared/i18n/catalogues';
import { DEFAULT_LANGUAGE, languageList, type Language, type LanguageList } from '../../shared/i18n/languages';
import { registerAjv } from '../../shared/validators/ajv';
import type { Problem } from '../../shared/config/json';
import { REPO_ROOT } from './files';
import { compiledOnFirstUse } from '../validation';

/** A served file; a form's module is generated on its first request (ajv's standalone code takes a while). */
export interface Asset { body: () => Buffer; type: string }

function once(make: () => Buffer): () => Buffer {
  let body: Buffer | undefined;
  return () => (body ??= make());
}

/** What a form module's content depends on besides the form: the compilers' versions. */
const FORM_COMPILER = (() => {
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  return ['ajv', '@rjsf/validator-ajv8'].map((p) => `${p}@${dependencies[p]}`).join(',');
})();

export interface FormRule {
  name: string;
  form: Record<string, unknown>;
  /** The form's fixed `submit.extra` fields, which tell apart several forms of one endpoint. */
  extra: Record<string, unknown>;
  validate: ValidateFunction;
  /** The form's `rules` that read only the fields it sends: the API checks them after the schema. */
  rules: ApiRule[];
}

export interface CompiledConfiguration {
  manifest: ConfigManifest;
  /** `/config/…` path -> body. */
  assets: Map<string, Asset>;
  app: Record<string, unknown>;
  screens: Map<string, Record<string, unknown>>;
  forms: Map<string, FormRule>;
  formsByEndpoint: Map<string, FormRule[]>;
  /** The languages app.json offers: the only ones served, picked and formatted. */
  languages: LanguageList;
  /** Server-side texts: each offered language's own messages over English. */
  messages: Record<Language, Record<string, string>>;
  /** AST by language and part, for the HTML's inlined core messages. */
  ast: Map<string, Record<string, MessageFormatElement[]>>;
  /** Banners, announcements, FAQ and pages (content/). */
  content: SiteContent;
  /** content/images/: file name -> content hash. */
  images: ReadonlyMap<string, string>;
  /** settings/chains.json, in its order, with each currency's id. */
  chains: ConfiguredChain[];
  /** settings/site.json. */
  site: SiteSettings;
  /** settings/buy.json. */
  buy: BuySettings;
  /** settings/referral.json. */
  referral: ReferralSettings;
  /** settings/vip.json. */
  vip: VipSettings;
  /** settings/coupons.json. */
  coupons: CouponSettings;
}

export type ConfiguredChain = ChainSetting & { currency_id: number };

/** The chains of settings/chains.json whose currency exists here, or the problems (unknown currency, too many decimals). */
function configuredChains(chains: ChainSetting[]): ConfiguredChain[] {
  const byName = new Map(CURRENCIES.map((c) => [c.name, c]));
  const problems: Problem[] = [];
  const out = chains.map((chain, i) => {
    const c = byName.get(chain.currency);
    if (!c) {
      problems.push({ file: CHAINS_FILE, path: `$.chains[${i}].currency`, reason: `"${chain.currency}" is not a currency of the platform (${CURRENCIES.map((x) => x.name).join(', ')})` });
      return { ...chain, currency_id: 0 };
    }
    for (const field of ['deposit_min', 'withdraw_min', 'withdraw_fee'] as const) {
      const decimals = chain[field].split('.')[1]?.length ?? 0;
      if (decimals > c.decimals) problems.push({ file: CHAINS_FILE, path: `$.chains[${i}].${field}`, reason: `${chain[field]} has ${decimals} decimals; ${c.name} has ${c.decimals}` });
    }
    return { ...chain, currency_id: c.id };
  });
  if (problems.length) throw new ConfigCompileError(problems);
  return out;
}

/** settings/site.json, its pledge currencies checked against the platform's. */
function siteSettings(site: SiteSettings): SiteSettings {
  const names = new Set(CURRENCIES.map((c) => c.name));
  const problems: Problem[] = site.loans.pledge_currencies.flatMap((name, i) => (names.has(name) ? [] : [{
    file: SITE_FILE, path: `$.loans.pledge_currencies[${i}]`, reason: `"${name}" is not a currency of the platform (${CURRENCIES.map((x) => x.name).join(', ')})`,
  }]));
  if (problems.length) throw new ConfigCompileError(problems);
  return site;
}

export class ConfigCompileError extends Error {
  constructor(readonly problems: Problem[]) {
    super(problems.map((p) => `${p.file}: ${p.path}: ${p.reason}`).join('\n'));
  }
}

const hash = (body: Buffer | string): string => crypto.createHash('sha256').update(body).digest('hex').slice(0, 10);
const JSON_TYPE = 'application/json; charset=utf-8';
const JS_TYPE = 'text/javascript; charset=utf-8';

/** One form's module: the form file and its ajv standalone validators, wrapped (see formRuntime.ts). */
export function formModule(name: string, file: Record<string, unknown>): string {
  const code = compileSchemaValidatorsCode(file.schema as never, {
    ajvFormatOptions: false,
    ajvOptionsOverrides: { ...FORM_AJV_OPTIONS, code: { ...FORM_AJV_OPTIONS.code, source: true, lines: false, formats: _`__formats` } } as never,
    extenderFn: (ajv) => registerAjv(ajv as never) as never,
  });
  const allowed = new Set<string>(FORM_RUNTIME_MODULES);
  const body = code.replace(/^"use strict";/, '')
    .replace(/require\((["'])([^"']+)\1\)/g, (_m, _q, mod: string) => {
      if (!allowed.has(mod)) throw new ConfigCompileError([{ file: `schemas/${name}.json`, path: '$.schema', reason: `its validator needs "${mod}", which the app does not ship` }]);
      return `__require(${JSON.stringify(mod)})`;
    })
    .replace(/\bexports\[("[^"]+")\]\s*=/g, '__fns[$1] =').replace(/\bexports\.(\w+)\s*=/g, '__fns.$1 =')
    .replace(/\bmodule\.exports\s*=/g, '__fns["default"] =');
  return [
    `// schemas/${name}.json, compiled by the server`,
    `export const form = ${JSON.stringify(file)};`,
    'export default function (__require, __formats) {',
    '"use strict";',
    'const __fns = {};',
    body.trim(),
    'return __fns;',
    '}',
    '',
  ].join('\n');
}

/** The API's validator of a form: the same rules, coercing form-encoded strings like the contract does. */
function apiValidator(ajv: Ajv, name: string, form: Record<string, unknown>): ValidateFunction {
  return compiledOnFirstUse(() => ajv.compile({ ...(form.schema as object), $id: `form:${name}` }));
}

export function compileConfiguration(checked: LintResult): CompiledConfiguration {
  if (checked.problems.length) throw new ConfigCompileError(checked.problems);
  if (!checked.app) throw new ConfigCompileError([{ file: 'screens/app.json', path: '$', reason: 'file is missing' }]);
  if (!checked.content) throw new ConfigCompileError(Object.values(CONTENT_FILES).map((file) => ({ file, path: '$', reason: 'file is missing: the site\'s content is configuration now (docs/operators.md, "Content")' })));
  const images = checked.images ?? new Map<string, string>();
  if (!checked.chains) throw new ConfigCompileError([{ file: CHAINS_FILE, path: '$', reason: 'file is missing: the chains and their limits are configuration now (docs/operators.md, "Content")' }]);
  const chains = configuredChains(checked.chains);
  if (!checked.site) throw new ConfigCompileError([{ file: SITE_FILE, path: '$', reason: 'file is missing: the site configuration is configuration now (docs/operators.md, "Content and parameters")' }]);
  const site = siteSettings(checked.site);
  if (!checked.buy) throw new ConfigCompileError([{ file: BUY_FILE, path: '$', reason: 'file is missing: buying crypto is configured there (docs/operators.md, "Content and parameters")' }]);
  const { buy } = checked;
  if (!checked.referral) throw new ConfigCompileError([{ file: REFERRAL_FILE, path: '$', reason: 'file is missing: the referral rebate is configured there (docs/operators.md, "Content and parameters")' }]);
  const { referral } = checked;
  if (!checked.vip) throw new ConfigCompileError([{ file: VIP_FILE, path: '$', reason: 'file is missing: the VIP levels are configured there (docs/operators.md, "Content and parameters")' }]);
  const { vip } = checked;
  if (!checked.coupons) throw new ConfigCompileError([{ file: COUPONS_FILE, path: '$', reason: 'file is missing: the coupons are configured there (docs/operators.md, "Content and parameters")' }]);
  const { coupons } = checked;
  const assets = new Map<string, Asset>();
  const put = (url: (h: string) => string, body: string, type: string): string => {
    const buf = Buffer.from(body);
    const h = hash(buf);
    assets.set(url(h), { body: () => buf, type });
    return h;
  };

  const manifest: ConfigManifest = { version: '', app: '', screens: {}, forms: {}, messages: {} };
  manifest.app = put(configUrl.app, JSON.stringify(checked.app), JSON_TYPE);

  const screens = new Map<string, Record<string, unknown>>();
  for (const [route, { screen }] of checked.screens) {
    screens.set(route, screen);
    manifest.screens[route] = put((h) => configUrl.screen(route, h), JSON.stringify(screen), JSON_TYPE);
  }

  const ajv = registerAjv(new Ajv({ ...FORM_AJV_OPTIONS, allErrors: false, coerceTypes: true }));
  const forms = new Map<string, FormRule>();
  const formsByEndpoint = new Map<string, FormRule[]>();
  for (const [name, form] of checked.forms) {
    const h = hash(`${FORM_COMPILER}\n${JSON.stringify(form)}`);
    assets.set(configUrl.form(name, h), { body: once(() => Buffer.from(formModule(name, form))), type: JS_TYPE });
    manifest.forms[name] = h;
    const submit = form.submit as { endpoint: string; extra?: Record<string, unknown> };
    const rule: FormRule = { name, form, extra: submit.extra ?? {}, validate: apiValidator(ajv, name, form), rules: apiRules(form) };
    forms.set(name, rule);
    formsByEndpoint.set(submit.endpoint, [...(formsByEndpoint.get(submit.endpoint) ?? []), rule]);
  }

  const en = checked.messages[DEFAULT_LANGUAGE] ?? {};
  const messages = {} as Record<Language, Record<string, string>>;
  const ast = new Map<string, Record<string, MessageFormatElement[]>>();
  const languages = languageList(checked.languages);
  for (const lang of languages.codes) {
    const merged = { ...en, ...(checked.messages[lang] ?? {}) };
    messages[lang] = merged;
    const parts: Record<MessagePart, Record<string, MessageFormatElement[]>> = { core: {}, rest: {} };
    for (const [key, text] of Object.entries(merged)) parts[messagePart(key)][key] = parse(text);
    for (const part of ['core', 'rest'] as const) {
      ast.set(`${lang}.${part}`, parts[part]);
      manifest.messages[`${lang}.${part}`] = put((h) => configUrl.messages(`${lang}.${part}`, h), JSON.stringify(parts[part]), JSON_TYPE);
    }
  }
  // The content is served by the API, not as a config asset, but a change of it (or of an image) is a new version.
  manifest.version = hash(JSON.stringify(manifest) + JSON.stringify(checked.content) + JSON.stringify([...images]) + JSON.stringify(chains) + JSON.stringify(site) + JSON.stringify(buy) + JSON.stringify(referral) + JSON.stringify(vip) + JSON.stringify(coupons));
  return { manifest, assets, app: checked.app, screens, forms, formsByEndpoint, languages, messages, ast, content: checked.content, images, chains, site, buy, referral, vip, coupons };
}
