/** What route handlers get: the validated input, the user (auth endpoints), the language and the services. */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Area } from './area';
import type { CachedReads } from './cachedReads';
import type { ConfigStore } from './configuration/store';
import type { CompiledConfiguration } from './configuration/compile';
import type { ConfigPreview } from './configuration/preview';
import type { Scheduler } from './jobs/scheduler';
import type { Tell } from './privateEvents';
import type { Logger } from 'pino';
import type { EndpointKey, EndpointSpec, InputOf, ResponseOf, SpecOf } from '../shared/contract';
import { group, localize } from '../shared/format';
import type { Language } from '../shared/i18n/languages';
import type { Database, DB } from './db';
import type { I18n, MessageValues } from './i18n';
import type { MailAdapter } from './mail';
import type { MarketService } from './market';
import type { PreparedAnswer } from './prepared';
import type { Realtime } from './realtime';
import type { Throttle } from './throttle';

export interface Services {
  database: Database;
  db: Kysely<DB>;
  i18n: I18n;
  mail: MailAdapter;
  log: Logger;
  realtime: Realtime;
  /** The market simulator, opened on first use. */
  market: MarketService;
  /** Current time (tests may replace it). */
  now(): Date;
  dataDir: string;
  uploadsDir: string;
  /** The live configuration (screens, forms, messages) from CONFIG_DIR. */
  configuration: ConfigStore;
  /** The operator's draft configuration and who previews it (configuration/preview.ts). */
  preview: ConfigPreview;
  /** What the operator CLI must send (see ops/http.ts). */
  opsToken: string;
  /** Tells the user's open apps over their private room what changed, so they ask again (privateEvents.ts). */
  tell: Tell;
  /** The areas served (areas.ts). */
  areas: readonly Area[];
  /** Work due at a time (jobs/): started by main.ts; tests tick it with their clock. */
  jobs: Scheduler;
  /** Rate limits per client address, account and phone or email (throttle/). */
  throttle: Throttle;
  /** Sessions, site configuration and settings from memory, dropped when their table changes. */
  cached: CachedReads;
}

export interface AuthUser { id: number; tokenHash: string }

export interface RequestContext<I = Record<string, unknown>> {
  endpoint: EndpointSpec;
  input: I;
  lang: Language;
  user: AuthUser | undefined;
  req: FastifyRequest;
  services: Services;
  /** The configuration this request is served: the draft for a preview session (configuration/preview.ts). */
  config: CompiledConfiguration;
  t(key: string, values?: MessageValues): string;
}

/** What a handler of `K` answers: the `message` of its response schema, nothing when it declares none. */
export type Answer<K extends EndpointKey> = SpecOf<K> extends { response: unknown } ? ResponseOf<K> : void | null;

/**
 * Returns the envelope's `message` (or the same, prepared once for many requests: prepared.ts); throws
 * ApiError for a localised failure. Typed by the endpoint's schemas.
 */
export type Handler<K extends EndpointKey> = (ctx: RequestContext<InputOf<K>>) => Promise<Answer<K> | PreparedAnswer<Answer<K>>>;
export type Handlers = { [K in EndpointKey]?: Handler<K> };

/** A handler as the app registers it, whatever its endpoint. */
export type AnyHandler = (ctx: RequestContext) => Promise<unknown>;

/** An amount as the reader's language writes numbers, grouped and exact (`1,000`, `1 000`, `۱٬۰۰۰`), for a text the server words. */
export function readerAmount(ctx: RequestContext): (value: string | number) => string {
  const locale = ctx.services.i18n.languages().tag(ctx.lang);
  return (value) => localize(group(String(value)), locale);
}

/** The logged-in user of an auth endpoint (the hook guarantees it). */
export function requireUser(ctx: RequestContext): AuthUser {
  if (!ctx.user) throw new Error('auth endpoint without user');
  return ctx.user;
}
