/**
 * buildApp(): the Fastify application. Every endpoint of the catalogue (src/shared/contract) is registered
 * under /api, validated with its request schema, answered in the envelope `{ type, message }` with HTTP 200.
 * Errors never leak as a 500: they are logged and answered with a localised generic message, or, while the
 * database cannot be reached, with "try again shortly" (the process lives on; health.ts says what is down).
 */
import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';
import { ENDPOINTS, endpointKey, type DataEnvelope, type EndpointSpec, type Envelope } from '../shared/contract';
import { UPLOAD_MAX_BYTES } from '../shared/contract/upload';
import type { Language } from '../shared/i18n/languages';
import { loadConfig, type ServerConfig } from './config';
import type { AnyHandler, RequestContext, Services } from './context';
import { openDatabase, type Database } from './db';
import { isDatabaseUnavailable } from './db/unavailable';
import { ApiError, asApiError } from './errors';
import { createI18n, type I18n, type Messages } from './i18n';
import { OutboxMailAdapter, type MailAdapter } from './mail';
import type { Area } from './area';
import { AREAS } from './areas';
import { testClock } from './testClock';
import { Scheduler } from './jobs/scheduler';
import { tokenFromHeader } from './sessions';
import { OpsCommands } from './ops/commands';
import { privateEvents } from './privateEvents';
import { checkResponse } from './responses';
import { attachRealtime } from './realtime';
import { marketService } from './market';
import { attachMarketRooms } from './realtime/marketRooms';
import { seed, type SeedOptions } from './seed';
import { newOpsToken, registerOpsRoutes } from './ops/http';
import { registerSecurityHeaders, registerStatic } from './static';
import { registerCompression } from './compression';
import { cachedReads } from './cachedReads';
import { type TableChanges, watchTables } from './tableCache';
import { PreparedAnswer } from './prepared';
import { compileRequest, createAjv, validationMessage } from './validation';
import { coerceNumbers, numericFields } from './inputCoercion';
import { createThrottle, databaseCounters, redisCounters, Throttled, type Limits } from './throttle';
import { registerRequestLimit } from './throttle/plugin';
import { fallbackCounters } from './throttle/fallbackCounters';
import { closeRedis, openRedis, redisIsUp } from './redis';
import { registerHealth } from './health';
import { acceptCauses } from './ledger';
import { CONTROL_CHARACTER } from '../shared/validators/controls';
import { ConfigStore } from './configuration/store';
import { CONFIG_HISTORY_DIR, ConfigHistory } from './configuration/history';
import { answerConfigRequests } from './configuration/nodes';
import { heroImageFinder } from './configuration/heroImage';
import { registerContentImages } from './modules/content/images';
import { indexRenderer, readBuiltApp, registerConfigRoutes } from './configuration/http';
import { formViolation } from './configuration/enforce';
import { ConfigPreview, DRAFT_DIR, PREVIEW_ROOM } from './configuration/preview';
import { CONFIG_EVENT } from '../shared/config/manifest';

declare module 'fastify' {
  interface FastifyInstance { services: Services }
}

export interface AppOptions {
  /** An open database to use (the app closes it on close unless `ownDatabase` is false). */
  database?: Database;
  ownDatabase?: boolean;
  /** Else opened from these (defaults from the environment, see config.ts). */
  databaseUrl?: string;
  /** PGlite in memory (tests). */
  memory?: boolean;
  /** pg: work in a fresh random schema dropped on close (parallel test suites). */
  isolatedSchema?: boolean;
  /** PGlite in memory: cache of a migrated template database (tests; see db/index.ts). */
  pgliteTemplateDir?: string;
  dataDir?: string;
  distDir?: string;
  logger?: Logger;
  mail?: MailAdapter;
  /** The folder holding screens/, schemas/ and i18n/ (default CONFIG_DIR, else the repository). */
  configDir?: string;
  /** Reload the configuration when its files change (default CONFIG_WATCH, on unless "0"). */
  watchConfig?: boolean;
  /** Fastify's trustProxy: whose X-Forwarded-For gives request.ip (default TRUST_PROXY, see config.ts). */
  trustProxy?: ServerConfig['trustProxy'];
  /** Extra or replacement messages per language (tests). */
  messages?: Partial<Record<Language, Messages>>;
  now?: () => Date;
  /** Seed demo content (site config, area codes, rates, articles, menu, demo account). */
  seed?: boolean | SeedOptions;
  /** The areas served (default AREAS; tests add their own). */
  areas?: readonly Area[];
  /** Redis shared by the nodes: sockets and rate-limit counters (default REDIS_URL; see config.ts). Without it, or while it is unreachable, the counters are kept in the database. */
  redisUrl?: string;
  /** Put before this app's Redis keys and channels (default REDIS_PREFIX). */
  redisPrefix?: string;
  /** Replacements of the rate limits (throttle/limits.ts). */
  limits?: Partial<Limits>;
}

export const API_PREFIX = '/api';

/** What a non-API answer tells to wait while the database is unreachable (outside /api: HTTP 503). */
const RETRY_AFTER_UNAVAILABLE_S = 5;

/** Each endpoint with its handler, from the areas: every endpoint of the catalogue served by exactly one area. */
export function servedEndpoints(areas: readonly Area[]): Array<{ spec: EndpointSpec; handler: AnyHandler }> {
  const served = new Map<string, { spec: EndpointSpec; handler: AnyHandler; area: string }>();
  for (const area of areas) {
    const keys = new Set(area.endpoints.map(endpointKey));
    for (const key of Object.keys(area.handlers)) {
      if (!keys.has(key as ReturnType<typeof endpointKey>)) throw new Error(`area ${area.name}: a handler for ${key}, which is not among its endpoints`);
    }
    for (const spec of area.endpoints) {
      const key = endpointKey(spec);
      const handler = (area.handlers as Record<string, AnyHandler | undefined>)[key];
      if (!handler) throw new Error(`area ${area.name}: no handler for ${key}`);
      const other = served.get(key);
      if (other) throw new Error(`${key} is served by both ${other.area} and ${area.name}`);
      served.set(key, { spec, handler, area: area.name });
    }
  }
  const unserved = Object.keys(ENDPOINTS).filter((key) => !served.has(key));
  if (unserved.length) throw new Error(`no area serves ${unserved.join(', ')}`);
  return [...served.values()];
}

function bodyObject(req: FastifyRequest): Record<string, unknown> | undefined {
  const b = req.body;
  return b && typeof b === 'object' && !Array.isArray(b) && !Buffer.isBuffer(b) ? (b as Record<string, unknown>) : undefined;
}

function requestLanguage(req: FastifyRequest, i18n: I18n): Language {
  const query = req.query as Record<string, unknown> | undefined;
  return i18n.pick(bodyObject(req)?.lang ?? query?.lang, req.headers['accept-language']);
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig();
  const log = options.logger ?? pino({ level: config.logLevel });
  const dataDir = path.resolve(options.dataDir ?? config.dataDir);
  const distDir = path.resolve(options.distDir ?? config.distDir);
  const uploadsDir = path.join(dataDir, 'uploads');
  // The configuration first: a broken one with no good published version to serve instead stops the start
  // before anything else is touched.
  const configuration = new ConfigStore(path.resolve(options.configDir ?? config.configDir), log, undefined, new ConfigHistory(path.join(dataDir, CONFIG_HISTORY_DIR)));
  const database = options.database ?? await openDatabase({
    databaseUrl: 'databaseUrl' in options ? options.databaseUrl : config.databaseUrl,
    dataDir,
    memory: options.memory,
    isolatedSchema: options.isolatedSchema,
    pgliteTemplateDir: options.pgliteTemplateDir,
    log,
  });
  const ownDatabase = options.database ? options.ownDatabase !== false : true;
  // A start that fails closes what it opened (a pool or a listening connection left open keeps the process,
  // or a test run, from ending).
  let changes: TableChanges | undefined;
  let app: FastifyInstance | undefined;
  let closesEverything = false;
  try {
    changes = await watchTables(database, log);

    // Fastify types its instance by the logger's type; the app is typed with Fastify's own logger interface.
    const loggerInstance: FastifyBaseLogger = log;
    app = Fastify({
      loggerInstance, bodyLimit: 1024 * 1024, forceCloseConnections: true, trustProxy: options.trustProxy ?? config.trustProxy,
      // Fastify's 10 s is meant to catch a plugin that never calls `done`; ours are async, and on a starved
      // machine (CI's PostgreSQL pass) a start that seeds and migrates took longer and failed the start.
      pluginTimeout: 60_000,
    });
    const i18n = createI18n({ files: configuration.current.messages, languages: configuration.current.languages, messages: options.messages });
    const preview = new ConfigPreview(configuration, path.join(dataDir, DRAFT_DIR), log,
      (draft) => createI18n({ files: draft.messages, languages: draft.languages, messages: options.messages }));
    const db = database.db;
    const clock = !options.now && config.testClock ? testClock() : undefined;
    if (clock) log.warn('TEST_CLOCK=1: the clock moves with `npm run ops -- clock-advance <seconds>` (never in production)');
    const now = options.now ?? clock?.now ?? (() => new Date());
    const cached = cachedReads(db, changes, now);
    const redisUrl = 'redisUrl' in options ? options.redisUrl : config.redisUrl;
    const redis = redisUrl ? await openRedis(redisUrl, log) : undefined;
    const redisPrefix = options.redisPrefix ?? config.redisPrefix;
    const realtime = attachRealtime(app.server, {
      log,
      resolveToken: async (token) => (await cached.freshSession(token))?.id,
      redis: redis && { client: redis, prefix: redisPrefix },
    });
    const areas = [...(options.areas ?? AREAS), ...(clock ? [clock.area] : [])];
    const endpoints = servedEndpoints(areas);
    acceptCauses(areas.flatMap((a) => Object.keys(a.causes ?? {})));
    const services: Services = {
      database, db, i18n, log, realtime, configuration, preview,
      market: marketService(database, now, log),
      cached,
      mail: options.mail ?? new OutboxMailAdapter(db, log),
      now,
      dataDir,
      uploadsDir,
      opsToken: newOpsToken(),
      areas,
      tell: privateEvents(realtime, endpoints.map((e) => e.spec)),
      jobs: new Scheduler(database, () => services, areas.flatMap((a) => a.jobs ?? []), now, log),
      throttle: createThrottle(
        redis ? fallbackCounters(redisCounters(redis, `${redisPrefix}throttle:`), databaseCounters(db, now), () => redisIsUp(redis)) : databaseCounters(db, now),
        now, options.limits,
      ),
    };
    attachMarketRooms(realtime.io, services.market, log, () => now().getTime());
    for (const area of areas) area.feeds?.(services);
    app.decorate('services', services);

    configuration.onChange((next) => {
      i18n.replace(next.messages, next.languages);
      realtime.io.local.except(PREVIEW_ROOM).emit(CONFIG_EVENT, next.manifest);
    });
    preview.attach(realtime.io);
    answerConfigRequests(realtime.cluster, configuration);
    if (options.watchConfig ?? config.watchConfig) { configuration.watch(); preview.watch(); }
    app.addHook('preClose', async () => { configuration.close(); preview.close(); await services.jobs.stop(); await realtime.close(); await services.market.stop(); });
    const watching = changes;
    app.addHook('onClose', async () => { await watching.close(); if (ownDatabase) await database.close(); if (redis) await closeRedis(redis); });

    closesEverything = true;

    if (options.seed) await seed(services, options.seed === true ? {} : options.seed);
    await database.settle();

    const outsideApi = new Set<string>(endpoints.flatMap(({ spec }) => spec.alsoAt ?? []));
    const isApiUrl = (url: string) => url.startsWith(`${API_PREFIX}/`) || outsideApi.has(url.split('?')[0]);

    await registerRequestLimit(app, API_PREFIX, [...outsideApi], services.throttle, now);
    await registerCompression(app);
    await app.register(formbody);
    await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
    registerSecurityHeaders(app);

    const fail = (lang: Language, err: ApiError, texts = i18n): Envelope => ({
      type: err.type, message: texts.first(lang, [...err.preferred, err.key], err.values), ...(err.field ? { field: err.field } : {}),
    });

    app.setErrorHandler((error: unknown, req: FastifyRequest, reply: FastifyReply) => {
      const lang = requestLanguage(req, i18n);
      const err = error as { statusCode?: number; code?: string };
      let envelope: Envelope;
      const failure = asApiError(error);
      if (error instanceof Throttled) {
        return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send(fail(lang, error));
      }
      if (isDatabaseUnavailable(error)) {
        req.log.warn({ err: error instanceof Error ? error.message : error }, 'database unavailable: answered "try again shortly"');
        const unavailable: Envelope = { type: 'error', message: i18n.t(lang, 'api.unavailable') };
        // As every answer of the API, HTTP 200 (the apps show a non-200 answer as a network failure); elsewhere 503.
        if (isApiUrl(req.url)) return reply.code(200).send(unavailable);
        return reply.code(503).header('retry-after', String(RETRY_AFTER_UNAVAILABLE_S)).send(unavailable);
      }
      if (failure) {
        envelope = fail(lang, failure);
      } else if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.code === 'FST_FILES_LIMIT' || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        envelope = { type: 'error', message: i18n.t(lang, err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'api.body_too_large' : 'api.upload.too_large', { size: UPLOAD_MAX_BYTES / 1024 / 1024 }) };
      } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        req.log.info({ err: error }, 'bad request');
        envelope = { type: 'error', message: i18n.t(lang, 'api.invalid_request') };
      } else {
        req.log.error({ err: error }, 'request failed');
        envelope = { type: 'error', message: i18n.t(lang, 'api.server_error') };
      }
      if (!isApiUrl(req.url) && err.statusCode && err.statusCode < 500) {
        return reply.code(err.statusCode).send(envelope);
      }
      return reply.code(200).send(envelope);
    });

    app.setNotFoundHandler((req, reply) => {
      const lang = requestLanguage(req, i18n);
      reply.code(404);
      if (req.url.startsWith(`${API_PREFIX}/`)) return reply.send({ type: 'error', message: i18n.t(lang, 'api.not_found') });
      return reply.type('text/plain; charset=utf-8').send('Not found');
    });

    const ajv = createAjv();
    for (const { spec, handler } of endpoints) registerEndpoint(app, spec, handler, ajv, services, fail);
    for (const area of areas) area.routes?.(app, services);

    registerOpsRoutes(app, services, services.opsToken, new OpsCommands(areas));
    registerHealth(app, { db, changes, jobs: services.jobs, redis });

    registerConfigRoutes(app, configuration, preview);
    preview.registerRoutes(app);
    registerContentImages(app, configuration);
    const renderIndex = indexRenderer(() => readBuiltApp(distDir), (lang, texts) => texts.t(lang, 'app.description'), heroImageFinder(app, configuration));
    const uploadAccess = areas.find((a) => a.uploadAccess)?.uploadAccess;
    const served = await registerStatic(app, {
      distDir, uploadsDir, uploadAccess, renderIndex: (req) => { const view = preview.viewOf(req, i18n); return renderIndex(requestLanguage(req, view.i18n), view); },
    });
    if (!served) log.warn({ distDir }, 'web app not built (dist/index.html missing): serving the API only');
    return app;
  } catch (err) {
    if (closesEverything) await app?.close().catch(() => undefined);
    else {
      await changes?.close().catch(() => undefined);
      if (ownDatabase) await database.close().catch(() => undefined);
    }
    throw err;
  }
}

/** Outside production every answer is checked against its response schema (responses.ts). */
const CHECK_RESPONSES = process.env.NODE_ENV !== 'production';

/** Control and bidi characters are refused in every text of every request (validators/controls.ts). */
function hasControlCharacter(v: unknown): boolean {
  if (typeof v === 'string') return CONTROL_CHARACTER.test(v);
  if (Array.isArray(v)) return v.some(hasControlCharacter);
  return false;
}

/** The field's own "invalid" text when the endpoint has one, else the generic sentence. */
function controlCharacterError(i18n: Services['i18n'], lang: Language, field: string, messages: Record<string, string> | undefined): string {
  const own = messages?.[`${field}.pattern`];
  if (own && i18n.has(lang, own)) return i18n.t(lang, own);
  const label = i18n.has(lang, `field.${field}`) ? i18n.t(lang, `field.${field}`) : field;
  return i18n.t(lang, 'api.control_characters', { field: label });
}

/** The platform's other names of fields (`account` for `user_string`) become the contract's, unless both are sent. */
function renameAliases(aliases: EndpointSpec['aliases'], input: Record<string, unknown>): void {
  for (const [wire, name] of Object.entries(aliases ?? {})) {
    if (!(wire in input)) continue;
    if (input[name] === undefined) input[name] = input[wire];
    delete input[wire];
  }
}

function registerEndpoint(
  app: FastifyInstance, spec: EndpointSpec, handler: AnyHandler, ajv: ReturnType<typeof createAjv>,
  services: Services, fail: (lang: Language, err: ApiError, texts?: Services['i18n']) => Envelope,
): void {
  const validate = compileRequest(ajv, spec.request);
  const numeric = numericFields(spec.request);
  const handle = async (req: FastifyRequest, reply: FastifyReply): Promise<Envelope | DataEnvelope | FastifyReply> => {
    // A preview session gets the draft's rules and messages (configuration/preview.ts).
    const { config, i18n } = services.preview.viewOf(req, services.i18n);
    const ctx: RequestContext = {
      endpoint: spec, input: {}, lang: requestLanguage(req, i18n), user: undefined, req, services, config,
      t: (key, values) => i18n.t(ctx.lang, key, values),
    };
    if (spec.auth) {
      const token = tokenFromHeader(req.headers.authorization);
      ctx.user = token ? await services.cached.session(token) : undefined;
      if (!ctx.user) return { type: '999', message: ctx.t('api.login_first') };
    }
    if (validate) {
      const raw = spec.method === 'GET' ? req.query : req.body;
      if (raw !== undefined && raw !== null && (typeof raw !== 'object' || Array.isArray(raw) || Buffer.isBuffer(raw))) {
        return { type: 'error', message: ctx.t('api.invalid_request') };
      }
      const input: Record<string, unknown> = { ...((raw as Record<string, unknown>) ?? {}) };
      renameAliases(spec.aliases, input);
      coerceNumbers(numeric, input);
      if (!validate(input)) return { type: 'error', message: validationMessage(i18n, ctx.lang, validate.errors?.[0], { messages: spec.messages, schema: spec.request }) };
      // After the schema, whose maxLength bounds every text and whose own messages come first.
      const control = Object.keys(input).find((k) => hasControlCharacter(input[k]));
      if (control !== undefined) return { type: 'error', message: controlCharacterError(i18n, ctx.lang, control, spec.messages) };
      const broken = formViolation(config, endpointKey(spec), input);
      if (broken && 'message' in broken) return { type: 'error', message: ctx.t(broken.message, broken.values) };
      if (broken) {
        const { rule, error } = broken;
        return { type: 'error', message: validationMessage(i18n, ctx.lang, error, { messages: rule.form.messages as Record<string, string> | undefined, form: rule.name, schema: rule.form.schema as Record<string, unknown> }) };
      }
      ctx.input = input;
    }
    try {
      const raw = await handler(ctx);
      const prepared = raw instanceof PreparedAnswer ? raw : undefined;
      const message = prepared ? prepared.message : raw === undefined ? null : raw;
      if (CHECK_RESPONSES && !prepared?.checked) {
        const wrong = checkResponse(spec, JSON.parse(JSON.stringify(message)));
        if (wrong) {
          req.log.error({ endpoint: endpointKey(spec), wrong }, 'answer does not match the contract\'s response schema');
          return { type: 'error', message: ctx.t('api.server_error') };
        }
        if (prepared) prepared.checked = true;
      }
      if (prepared) return prepared.body.send(req, reply.type('application/json; charset=utf-8'));
      if (spec.confirm) return { type: 'ok', message: ctx.t(spec.confirm), data: message };
      return spec.answerIn === 'data' ? { type: 'ok', data: message } : { type: 'ok', message };
    } catch (err) {
      if (err instanceof Throttled) throw err; // answered by the error handler: HTTP 429 with Retry-After
      const failure = asApiError(err);
      if (failure) return fail(ctx.lang, failure, i18n);
      throw err;
    }
  };
  for (const url of [`${API_PREFIX}${spec.path}`, ...(spec.alsoAt ? [spec.alsoAt] : [])]) app.route({ method: spec.method, url, handler: handle });
}
