/**
 * Preview before publishing. `npm run ops -- draft-open` copies the served configuration into a draft folder
 * (DATA_DIR/config-draft); the operator edits it there, and the server checks it on every save with the same
 * lint and compile as CONFIG_DIR (a broken draft is refused whole, logged and shown by `draft-status`; the
 * last good draft keeps being previewed). `preview-link` prints a link carrying the preview secret; the
 * browser that opens it gets a cookie, and every request of that browser gets the draft: the HTML's boot
 * data, the manifest and files, the API's form rules and its messages, and the socket's `config` pushes of
 * draft changes (the preview sockets are in PREVIEW_ROOM, which the published pushes skip). Everyone else
 * gets the published configuration. `publish` writes the draft into CONFIG_DIR as a new published version,
 * `draft-discard` drops it; both end the draft, change the secret and send the preview sockets the published
 * manifest.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import { CONFIG_EVENT, type ConfigManifest } from '../../shared/config/manifest';
import type { Problem } from '../../shared/config/json';
import type { I18n } from '../i18n';
import { ConfigCompileError, type Asset, type CompiledConfiguration } from './compile';
import { changedFiles } from './lineDiff';
import { CONTENT_IMAGES_FOLDER } from '../../shared/config/content';
import { ConfigStore, type ConfigStatus, type ReloadOutcome } from './store';

/** Under DATA_DIR. */
export const DRAFT_DIR = 'config-draft';
export const PREVIEW_COOKIE = 'config_preview';
export const PREVIEW_PATH = '/preview/';
export const PREVIEW_ROOM = 'config-preview';
/** In the draft folder, beside screens/, schemas/ and i18n/ (not configuration: those are the only folders read). */
const DRAFT_INFO = 'draft.json';
const KEPT_VERSIONS = 4;

export interface DraftInfo {
  openedBy: string;
  openedAt: string;
  /** The published version the draft was copied from. */
  base: string;
  baseSeq?: number;
}

/** What one request is served: the draft for a preview session, else the published configuration. */
export interface ConfigView { config: CompiledConfiguration; i18n: I18n; preview: boolean }

export interface DraftStatus {
  dir: string;
  info: DraftInfo;
  /** The draft being previewed; absent when it was refused at start and no good draft was loaded since. */
  draft?: ConfigStatus;
  refusedAtStart?: Problem[];
  /** Files of the draft that differ from the published configuration. */
  changed: string[];
  /** The published version moved on since the draft was opened. */
  behind: boolean;
}

/** An operator's request the preview refuses (no draft, a broken draft…): said as is. */
export class DraftRefused extends Error {}

const newSecret = (): string => crypto.randomBytes(32).toString('hex');

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function sameSecret(given: string | undefined, secret: string): boolean {
  if (!given || given.length !== secret.length) return false;
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(secret));
}

export const withPreviewMark = (manifest: ConfigManifest): ConfigManifest => ({ ...manifest, preview: true });

export class ConfigPreview {
  private draft: ConfigStore | undefined;
  private draftI18n: I18n | undefined;
  private refusedAtStart: Problem[] | undefined;
  private secret = newSecret();
  private io: SocketServer | undefined;
  private watching = false;
  private readonly archive: Map<string, Asset>[] = [];

  /** `texts`: the server's messages of a configuration, in its languages (an I18n like the published one's). */
  constructor(private readonly published: ConfigStore, readonly dir: string, private readonly log: Logger,
    private readonly texts: (config: CompiledConfiguration) => I18n, private readonly now: () => Date = () => new Date()) {
    if (fs.existsSync(this.infoFile)) this.load(true);
  }

  private get infoFile(): string { return path.join(this.dir, DRAFT_INFO); }

  get isOpen(): boolean { return fs.existsSync(this.infoFile); }

  /** Sockets that connect with the preview cookie hear the draft's changes (and not the published ones). */
  attach(io: SocketServer): void {
    this.io = io;
    io.on('connection', (socket) => {
      if (this.draft && sameSecret(cookieValue(socket.handshake.headers.cookie, PREVIEW_COOKIE), this.secret)) void socket.join(PREVIEW_ROOM);
    });
  }

  /** `GET /preview/<secret>`: sets the preview cookie and opens the app; any other secret is not found. */
  registerRoutes(app: FastifyInstance): void {
    app.get(`${PREVIEW_PATH}:secret`, async (req, reply) => {
      const { secret } = req.params as { secret: string };
      if (!this.draft || !sameSecret(secret, this.secret)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      const secure = req.protocol === 'https' ? '; Secure' : '';
      return reply.header('set-cookie', `${PREVIEW_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Lax${secure}`)
        .header('cache-control', 'no-store').redirect('/', 302);
    });
  }

  /** Whether a request comes from the preview session of the open draft. */
  isPreview(req: Pick<FastifyRequest, 'headers'>): boolean {
    return Boolean(this.draft) && sameSecret(cookieValue(req.headers.cookie, PREVIEW_COOKIE), this.secret);
  }

  /** The draft, for a request of its preview session. */
  draftFor(req: Pick<FastifyRequest, 'headers'>): CompiledConfiguration | undefined {
    return this.draft && this.isPreview(req) ? this.draft.current : undefined;
  }

  viewOf(req: Pick<FastifyRequest, 'headers'>, published: I18n): ConfigView {
    const draft = this.draftFor(req);
    if (draft && this.draftI18n) return { config: draft, i18n: this.draftI18n, preview: true };
    return { config: this.published.current, i18n: published, preview: false };
  }

  /** A `/config/…` file of the draft (its last few versions), for a preview session only. */
  asset(req: Pick<FastifyRequest, 'headers'>, url: string): Asset | undefined {
    if (!this.isPreview(req)) return undefined;
    return this.archive.map((a) => a.get(url)).find(Boolean);
  }

  watch(): void {
    this.watching = true;
    this.draft?.watch();
  }

  /** Copies the served configuration into the draft folder and starts previewing it. */
  open(operator: string): DraftStatus {
    if (this.isOpen) throw new DraftRefused(`a draft is open already in ${this.dir} (${this.info().openedBy}): publish or discard it first`);
    const files = this.published.servedFiles;
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(this.dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(this.dir, rel), text);
    }
    copyImages(this.published.dir, this.dir);
    const served = this.published.status();
    const info: DraftInfo = { openedBy: operator, openedAt: this.now().toISOString(), base: served.version, ...(served.published ? { baseSeq: served.published.seq } : {}) };
    fs.writeFileSync(this.infoFile, `${JSON.stringify(info, null, 2)}\n`);
    this.secret = newSecret();
    this.load(false);
    this.log.info({ dir: this.dir, by: operator, base: info.base }, `draft opened by ${operator} in ${this.dir}`);
    return this.status();
  }

  /** Reads the draft folder again (as `reload-config` does CONFIG_DIR); throws when no draft is open. */
  reload(operator?: string): DraftStatus {
    this.mustBeOpen();
    if (this.draft) this.draft.reload(operator); else this.load(true);
    return this.status();
  }

  status(): DraftStatus {
    this.mustBeOpen();
    const info = this.info();
    const files = this.draft?.servedFiles;
    return {
      dir: this.dir, info,
      ...(this.draft ? { draft: this.draft.status() } : {}),
      ...(this.refusedAtStart ? { refusedAtStart: this.refusedAtStart } : {}),
      changed: files ? changedFiles(this.published.servedFiles, files) : [],
      behind: this.published.current.manifest.version !== info.base,
    };
  }

  /** The link that makes a browser a preview session (`site`: the address customers use, else the server's). */
  link(site: string): string {
    this.mustBeOpen();
    if (!this.draft) throw new DraftRefused('the draft has problems and nothing of it can be previewed: see npm run ops -- draft-status');
    return `${site.replace(/\/+$/, '')}${PREVIEW_PATH}${this.secret}`;
  }

  /**
   * Publishes the draft folder as it is now: checked again, refused whole (nothing written) with every
   * problem, or written into CONFIG_DIR and published as a new version by `operator`; the draft then ends.
   * A draft opened before the last published change is refused unless `force`: publishing it would undo
   * that change.
   */
  publish(operator: string, force: boolean): ReloadOutcome {
    const status = this.reload(operator);
    const refused = status.draft?.refused?.problems ?? status.refusedAtStart;
    if (refused) throw new ConfigCompileError(refused);
    if (status.behind && !force) {
      throw new DraftRefused(`the published configuration changed since the draft was opened (from ${status.info.base}${status.info.baseSeq ? ` #${status.info.baseSeq}` : ''} to ${this.published.current.manifest.version}): publishing the draft would undo that change. Make the same change in the draft and publish with --force, or discard the draft and open a new one`);
    }
    copyImages(this.dir, this.published.dir);
    const outcome = this.published.publishFiles(this.draft!.servedFiles, operator, { fromDraft: true });
    this.end(`published by ${operator}`);
    return outcome;
  }

  discard(operator: string): void {
    this.mustBeOpen();
    this.end(`discarded by ${operator}`);
  }

  close(): void {
    this.draft?.close();
  }

  private info(): DraftInfo {
    return JSON.parse(fs.readFileSync(this.infoFile, 'utf8')) as DraftInfo;
  }

  private mustBeOpen(): void {
    if (!this.isOpen) throw new DraftRefused('no draft is open: npm run ops -- draft-open');
  }

  private load(atStart: boolean): void {
    try {
      this.draft = new ConfigStore(this.dir, this.log, this.now, undefined, 'draft');
    } catch (err) {
      if (!(err instanceof ConfigCompileError)) throw err;
      this.refusedAtStart = err.problems;
      this.log.error({ dir: this.dir, problems: err.problems }, `DRAFT ${this.dir} REFUSED${atStart ? ' AT START' : ''}: ${err.problems.map((p) => `${p.file}: ${p.path}: ${p.reason}`).join('; ')}; nothing of it is previewed until it is fixed (npm run ops -- draft-status)`);
      return;
    }
    this.refusedAtStart = undefined;
    this.served(this.draft.current);
    this.draft.onChange((next) => {
      this.served(next);
      this.io?.local.to(PREVIEW_ROOM).emit(CONFIG_EVENT, withPreviewMark(next.manifest));
    });
    if (this.watching) this.draft.watch();
  }

  private served(config: CompiledConfiguration): void {
    this.draftI18n = this.texts(config);
    this.archive.unshift(config.assets);
    this.archive.length = Math.min(this.archive.length, KEPT_VERSIONS);
  }

  /** Ends the draft: its folder goes, the secret changes, and the preview sockets get the published manifest. */
  private end(how: string): void {
    this.draft?.close();
    this.draft = undefined;
    this.draftI18n = undefined;
    this.refusedAtStart = undefined;
    this.archive.length = 0;
    fs.rmSync(this.dir, { recursive: true, force: true });
    this.secret = newSecret();
    this.log.info({ dir: this.dir }, `draft ${how}`);
    const room = this.io?.local.in(PREVIEW_ROOM);
    room?.emit(CONFIG_EVENT, this.published.current.manifest);
    room?.socketsLeave(PREVIEW_ROOM);
  }
}

/** The content images are files beside the JSON: they go with the draft both ways (added or replaced, never removed). */
function copyImages(from: string, to: string): void {
  const images = path.join(from, CONTENT_IMAGES_FOLDER);
  if (fs.existsSync(images)) fs.cpSync(images, path.join(to, CONTENT_IMAGES_FOLDER), { recursive: true });
}
