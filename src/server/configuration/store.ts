/**
 * The live configuration: loaded from CONFIG_DIR at start (a problem there stops the start, loudly),
 * reloaded when a file changes (watched) or when the operator asks (`npm run ops -- reload-config`).
 * A reload is all or nothing: a configuration with any problem is refused whole, the last good one keeps
 * serving, and the status (file, JSON path or line:column, reason) is logged and kept for
 * `npm run ops -- config-status`. A good one replaces the old at once and the listeners are told.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { formatProblem, lintConfiguration } from '../../shared/config/lint';
import type { Problem } from '../../shared/config/json';
import { compileConfiguration, ConfigCompileError, type CompiledConfiguration } from './compile';
import { CONFIG_FOLDERS, loadMetaSchemas, readConfigFiles } from './files';

export interface ConfigStatus {
  dir: string;
  /** Version (manifest hash) being served and when it was loaded. */
  version: string;
  loadedAt: string;
  /** The last refused change, until a good one replaces it. */
  refused?: { at: string; problems: Problem[] };
}

export function loadConfiguration(dir: string): CompiledConfiguration {
  const checked = lintConfiguration({ files: readConfigFiles(dir), metaSchemas: loadMetaSchemas() });
  return compileConfiguration(checked);
}

const WATCH_DEBOUNCE_MS = 100;

export class ConfigStore {
  private config: CompiledConfiguration;
  private loadedAt: Date;
  private refused?: ConfigStatus['refused'];
  private readonly listeners = new Set<(config: CompiledConfiguration) => void>();
  private watchers: fs.FSWatcher[] = [];
  private timer: NodeJS.Timeout | undefined;

  /** Throws ConfigCompileError (every problem) when the folder's configuration is not valid. */
  constructor(readonly dir: string, private readonly log: Logger, private readonly now: () => Date = () => new Date()) {
    this.config = loadConfiguration(dir);
    this.loadedAt = now();
    log.info({ dir, version: this.config.manifest.version }, 'configuration loaded');
  }

  get current(): CompiledConfiguration { return this.config; }

  status(): ConfigStatus {
    return { dir: this.dir, version: this.config.manifest.version, loadedAt: this.loadedAt.toISOString(), ...(this.refused ? { refused: this.refused } : {}) };
  }

  onChange(fn: (config: CompiledConfiguration) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Reads the folder again; applies it whole if valid, else keeps serving the last good one. */
  reload(): ConfigStatus & { changed: boolean } {
    let next: CompiledConfiguration;
    try {
      next = loadConfiguration(this.dir);
    } catch (err) {
      const problems = err instanceof ConfigCompileError ? err.problems
        : [{ file: this.dir, path: '$', reason: (err as Error).message }];
      this.refused = { at: this.now().toISOString(), problems };
      this.log.error({ problems: problems.map(formatProblem) }, `configuration change refused (${problems.length} problem(s)); still serving ${this.config.manifest.version}`);
      return { ...this.status(), changed: false };
    }
    this.refused = undefined;
    const changed = next.manifest.version !== this.config.manifest.version;
    if (changed) {
      this.config = next;
      this.loadedAt = this.now();
      this.log.info({ version: next.manifest.version }, 'configuration reloaded');
      for (const fn of this.listeners) fn(next);
    }
    return { ...this.status(), changed };
  }

  /** Watches the configuration folders; a burst of changes is one reload. */
  watch(): void {
    if (this.watchers.length) return;
    for (const folder of CONFIG_FOLDERS) {
      const dir = path.join(this.dir, folder);
      if (!fs.existsSync(dir)) continue;
      try {
        const w = fs.watch(dir, { recursive: true }, () => this.scheduleReload());
        w.on('error', (err) => this.log.warn({ err, dir }, 'configuration watch failed'));
        this.watchers.push(w);
      } catch (err) {
        this.log.warn({ err, dir }, 'cannot watch the configuration folder; use npm run ops -- reload-config');
      }
    }
  }

  private scheduleReload(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.reload(); }, WATCH_DEBOUNCE_MS);
  }

  close(): void {
    clearTimeout(this.timer);
    for (const w of this.watchers) w.close();
    this.watchers = [];
    this.listeners.clear();
  }
}
