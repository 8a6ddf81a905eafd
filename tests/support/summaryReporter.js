// Prints one plain closing line ("N passed, N failed, N skipped") that CI tooling can read in any language.
// On a two-core machine jest runs every test in its own process (in band), so a timer or a socket a test
// leaves open keeps `npm test` from exiting: two seconds after the run, whatever is still open is named.
const asyncHooks = require('node:async_hooks');

/** Timers are not among the process's handles: they are followed from their creation to name them later. */
const timers = new Map();
asyncHooks.createHook({
  init(id, type, _trigger, resource) { if (type === 'Timeout') timers.set(id, resource); },
  destroy(id) { timers.delete(id); },
}).enable();

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(
      `\nTests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`,
    );
    setTimeout(reportOpenHandles, 2000).unref();
  }
}

function reportOpenHandles() {
  const open = [...process._getActiveHandles(), ...timers.values()]
    .filter((h) => !isStdio(h) && (typeof h.hasRef !== 'function' || h.hasRef()) && !h._destroyed);
  if (open.length === 0) return;
  process.stderr.write(`\nStill open two seconds after the run (${open.length}):\n`);
  for (const h of open) process.stderr.write(`  - ${describe(h)}\n`);
}

function isStdio(h) {
  return h === process.stdout || h === process.stderr || h === process.stdin || (h && h.fd !== undefined && h.fd <= 2);
}

function describe(h) {
  const kind = h && h.constructor ? h.constructor.name : typeof h;
  if (kind === 'Timeout') return `Timeout of ${h._idleTimeout} ms${h._repeat ? ' (repeating)' : ''}: ${String(h._onTimeout).replace(/\s+/g, ' ').slice(0, 300)}`;
  if (kind === 'Socket') return `Socket ${h.remoteAddress ?? ''}:${h.remotePort ?? ''} (local port ${h.localPort ?? '?'})`;
  if (kind === 'Server') return `Server listening on ${JSON.stringify(h.address && h.address())}`;
  return kind;
}

module.exports = SummaryReporter;
