/**
 * The live configuration: loaded from CONFIG_DIR at start, reloaded when a file changes (watched) or when
 * the operator asks (`npm run ops -- reload-config`). A reload is all or nothing: a configuration with any
 * problem is refused whole, the last good one keeps serving, and the status (file, JSON path or
 * line:column, reason, and the other changed files the refusal holds back, with who saved them) is logged
 * and kept for `npm run ops -- config-status`. A good one replaces the old at once, is published to the
 * history (history.ts) and the listeners are told. At start, a CONFIG_DIR with a problem serves the last
 * published version instead, and says so loudly; with no published version to fall back on it stops the start.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { formatProblem, lintConfiguration } from '../../shared/config/lint';
import type { Problem } from '../../shared/config/json';
import { compileConfiguration, ConfigCompileError, type CompiledConfiguration } from './compile';
import { CONFIG_FOLDERS, loadMetaSchemas, readConfigFiles, readConfigImages } from './files';
import { ownersOf } from './fileOwners';
import { FolderWatch } from './folderWatch';
import type { ConfigHistory, PublishedVersion } from './history';
import { changedFiles } from './lineDiff';

/** A changed file that is fine itself but not served, because another file of the change has a problem. */
export interface BlockedFile { file: string; by?: string }

export interface ConfigStatus {
  dir: string;
  /** Version (manifest hash) being served and when it was loaded. */
  version: string;
  loadedAt: string;
  /** The history entry of the served version. */
  published?: { seq: number; at: string; by: string };
  /** The last refused change, until a good one replaces it. */
  refused?: { at: string; problems: Problem[]; blocked: BlockedFile[]; atStart?: boolean };
}

export type ReloadOutcome = ConfigStatus & { changed: boolean };

export function compileFiles(files: Record<string, string>, images?: ReadonlyMap<string, string>): CompiledConfiguration {
  return compileConfiguration(lintConfiguration({ files, metaSchemas: loadMetaSchemas(), images }));
}

export function loadConfiguration(dir: string): CompiledConfiguration {
  return compileFiles(readConfigFiles(dir), readConfigImages(dir));
}

const problemsOf = (err: unknown, dir: string): Problem[] => (err instanceof ConfigCompileError ? err.problems
  : [{ file: dir, path: '$', reason: (err as Error).message }]);

const WATCH_DEBOUNCE_MS = 100;

export class ConfigStore {
  private config: CompiledConfiguration;
  /** The texts of the served configuration, to tell what a change touches. */
  private served: Record<string, string>;
  private loadedAt: Date;
  private published?: PublishedVersion;
  private refused?: ConfigStatus['refused'];
  private readonly listeners = new Set<(config: CompiledConfiguration) => void>();
  private readonly reloadListeners = new Set<(outcome: ReloadOutcome) => void>();
  private watch_: FolderWatch | undefined;
  private timer: NodeJS.Timeout | undefined;

  /**
   * Throws ConfigCompileError (every problem) when the folder's configuration is not valid and `history`
   * has no published version that is.
   */
  constructor(readonly dir: string, private readonly log: Logger, private readonly now: () => Date = () => new Date(), readonly history?: ConfigHistory,
    /** What the log calls it: `configuration`, or `draft` for the preview's (preview.ts). */
    private readonly what = 'configuration') {
    const files = readConfigFiles(dir);
    this.loadedAt = now();
    try {
      this.config = compileFiles(files, readConfigImages(dir));
      this.served = files;
    } catch (err) {
      const last = history?.latest();
      if (!last) throw err;
      const lastFiles = history!.files(last);
      try {
        this.config = compileFiles(lastFiles, readConfigImages(dir));
      } catch {
        throw err;
      }
      this.served = lastFiles;
      this.published = last;
      this.refuse(problemsOf(err, dir), files, true);
      return;
    }
    this.publishIfNew(files);
    log.info({ dir, version: this.config.manifest.version, published: this.published?.seq }, `${what} loaded`);
  }

  get current(): CompiledConfiguration { return this.config; }

  /** The texts of the served configuration by relative path (what a draft starts from). */
  get servedFiles(): Record<string, string> { return { ...this.served }; }

  status(): ConfigStatus {
    return {
      dir: this.dir, version: this.config.manifest.version, loadedAt: this.loadedAt.toISOString(),
      ...(this.published ? { published: { seq: this.published.seq, at: this.published.at, by: this.published.by } } : {}),
      ...(this.refused ? { refused: this.refused } : {}),
    };
  }

  onChange(fn: (config: CompiledConfiguration) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Told after every reload, applied or refused (a watched save is awaited with it). */
  onReload(fn: (outcome: ReloadOutcome) => void): () => void {
    this.reloadListeners.add(fn);
    return () => this.reloadListeners.delete(fn);
  }

  /**
   * Reads the folder again; applies it whole if valid, else keeps serving the last good one. `operator`:
   * who asked (`npm run ops`); a watched save is attributed to the owners of the changed files.
   */
  reload(operator?: string): ReloadOutcome {
    const files = readConfigFiles(this.dir);
    let outcome: ReloadOutcome;
    try {
      outcome = this.apply(compileFiles(files, readConfigImages(this.dir)), files, operator);
    } catch (err) {
      this.refuse(problemsOf(err, this.dir), files, false);
      outcome = { ...this.status(), changed: false };
    }
    for (const fn of this.reloadListeners) fn(outcome);
    return outcome;
  }

  /** Serves a published version again: its files are written back into CONFIG_DIR and it is published anew. */
  restore(v: PublishedVersion, operator: string): ReloadOutcome {
    if (!this.history) throw new Error('no configuration history is kept here');
    return this.publishFiles(this.history.files(v), operator, { restoredFrom: v.seq });
  }

  /**
   * Writes `files` into CONFIG_DIR as the whole configuration (files it does not name are removed), serves
   * them and publishes them as a new version by `operator`. Throws ConfigCompileError before anything is
   * written when they cannot be served.
   */
  publishFiles(files: Record<string, string>, operator: string, origin: { restoredFrom?: number; fromDraft?: true } = {}): ReloadOutcome {
    if (!this.history) throw new Error('no configuration history is kept here');
    const next = compileFiles(files, readConfigImages(this.dir));
    const onDisk = readConfigFiles(this.dir);
    for (const rel of Object.keys(onDisk)) if (!(rel in files)) fs.rmSync(path.join(this.dir, rel));
    for (const [rel, text] of Object.entries(files)) {
      if (onDisk[rel] === text) continue;
      const file = path.join(this.dir, rel);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = path.join(path.dirname(file), `.${path.basename(file)}.publish`);
      fs.writeFileSync(tmp, text);
      fs.renameSync(tmp, file);
    }
    this.published = this.history.publish({ version: next.manifest.version, at: this.now(), by: operator, files, ...origin });
    this.logPublished(this.published);
    const outcome = this.apply(next, files, operator, true);
    for (const fn of this.reloadListeners) fn(outcome);
    return outcome;
  }

  private apply(next: CompiledConfiguration, files: Record<string, string>, operator: string | undefined, published = false): ReloadOutcome {
    this.refused = undefined;
    const previousFiles = this.served;
    this.served = files;
    const changed = next.manifest.version !== this.config.manifest.version;
    if (!changed) return { ...this.status(), changed };
    this.config = next;
    this.loadedAt = this.now();
    if (!published) this.publishIfNew(files, operator ?? ownersOf(this.dir, changedFiles(previousFiles, files)));
    this.log.info({ version: next.manifest.version, published: this.published?.seq }, `${this.what} reloaded`);
    for (const fn of this.listeners) fn(next);
    return { ...this.status(), changed };
  }

  /** Publishes the served configuration (`files`) unless it is the latest published version already. */
  private publishIfNew(files: Record<string, string>, by?: string): void {
    if (!this.history) return;
    const latest = this.history.latest();
    if (latest?.version === this.config.manifest.version) {
      this.published = latest;
      return;
    }
    const who = by ?? ownersOf(this.dir, changedFiles(latest ? this.history.files(latest) : {}, files)) ?? os.userInfo().username;
    this.published = this.history.publish({ version: this.config.manifest.version, at: this.now(), by: who, files });
    this.logPublished(this.published);
  }

  private logPublished(v: PublishedVersion): void {
    this.log.info({ seq: v.seq, version: v.version, by: v.by, files: v.changed, restoredFrom: v.restoredFrom, fromDraft: v.fromDraft },
      `configuration #${v.seq} (${v.version}) published by ${v.by}${v.restoredFrom ? `, restoring #${v.restoredFrom}` : ''}${v.fromDraft ? ', from the draft' : ''}: ${v.changed.length ? v.changed.join(', ') : 'no file changed'}`);
  }

  private refuse(problems: Problem[], files: Record<string, string>, atStart: boolean): void {
    const bad = new Set(problems.map((p) => p.file));
    const changed = changedFiles(this.served, files);
    const blocked = changed.filter((f) => !bad.has(f)).map((file) => ({ file, ...(ownersOf(this.dir, [file]) ? { by: ownersOf(this.dir, [file]) } : {}) }));
    const badOwners = [...bad].map((f) => `${f}${ownersOf(this.dir, [f]) ? ` (saved by ${ownersOf(this.dir, [f])})` : ''}`);
    this.refused = { at: this.now().toISOString(), problems, blocked, ...(atStart ? { atStart } : {}) };
    const serving = `${this.config.manifest.version}${this.published ? ` (#${this.published.seq}, published ${this.published.at} by ${this.published.by})` : ''}`;
    const held = blocked.length ? `; it also holds back ${blocked.map((b) => `${b.file}${b.by ? ` (saved by ${b.by})` : ''}`).join(', ')}` : '';
    this.log.error({ problems: problems.map(formatProblem), blocked },
      `${atStart ? `CONFIG_DIR ${this.dir} REFUSED AT START` : `${this.what} change refused`} (${problems.length} problem(s) in ${badOwners.join(', ')})${held}; ${atStart ? 'serving the last good published version' : 'still serving'} ${serving}`);
  }

  /** Watches the configuration folders; a burst of changes is one reload. */
  watch(): void {
    if (this.watch_) return;
    this.watch_ = new FolderWatch(CONFIG_FOLDERS.map((f) => path.join(this.dir, f)), () => this.scheduleReload(),
      (err, dir) => this.log.warn({ err, dir }, `${this.what} watch failed; use npm run ops -- reload-config`));
  }

  private scheduleReload(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.reload(); }, WATCH_DEBOUNCE_MS);
  }

  close(): void {
    clearTimeout(this.timer);
    this.watch_?.close();
    this.watch_ = undefined;
    this.listeners.clear();
    this.reloadListeners.clear();
  }
}
