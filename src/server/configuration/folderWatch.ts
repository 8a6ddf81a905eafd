/**
 * Watches folders and every folder below them, each on its own (not `fs.watch(…, { recursive: true })`:
 * Node 20 on Linux emulates that by watching files, and loses a file once an editor saves it by writing a
 * temporary file and renaming it over the original). A folder's own watch sees every rename into it, so
 * any number of such saves is noticed; after each event the tree is scanned again for new folders.
 */
import fs from 'node:fs';
import path from 'node:path';

export class FolderWatch {
  private readonly watchers = new Map<string, fs.FSWatcher>();

  constructor(private readonly roots: readonly string[], private readonly onEvent: () => void, private readonly onError: (err: Error, dir: string) => void) {
    this.scan();
  }

  get folders(): string[] { return [...this.watchers.keys()]; }

  private scan(): void {
    const seen = new Set<string>();
    const visit = (dir: string): void => {
      let entries: fs.Dirent[];
      try { entries = fs.readdirSync(dir, { withFileTypes: true }); } catch { return; }
      seen.add(dir);
      if (!this.watchers.has(dir)) this.add(dir);
      for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) visit(path.join(dir, e.name));
    };
    for (const root of this.roots) visit(root);
    for (const [dir, w] of this.watchers) if (!seen.has(dir)) { w.close(); this.watchers.delete(dir); }
  }

  private add(dir: string): void {
    try {
      const w = fs.watch(dir, () => { this.scan(); this.onEvent(); });
      w.on('error', (err) => { w.close(); this.watchers.delete(dir); this.onError(err, dir); });
      this.watchers.set(dir, w);
    } catch (err) {
      this.onError(err as Error, dir);
    }
  }

  close(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
  }
}
