/**
 * Whatever the run started (the server, its temporary folder) is undone however the run ends: normally, on a
 * failure, or on Ctrl-C / SIGTERM / SIGHUP. Cleanups run once, last registered first, and must be synchronous
 * so that they also run from a signal handler just before the process exits.
 */
import os from 'node:os';

const cleanups: (() => void)[] = [];

export function onCleanup(fn: () => void): void {
  cleanups.push(fn);
}

export function runCleanups(): void {
  while (cleanups.length) {
    const fn = cleanups.pop()!;
    try { fn(); } catch (err) { console.error('cleanup failed:', err); }
  }
}

export function cleanUpOnSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the server and removing the temporary folder`);
      runCleanups();
      process.exit(128 + os.constants.signals[signal]);
    });
  }
  process.once('exit', runCleanups);
}
