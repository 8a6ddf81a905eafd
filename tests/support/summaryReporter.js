// Prints one plain closing line ("N passed, N failed, N skipped") that CI tooling can read in any language.
// On a two-core machine jest runs every test in its own process (in band), so a timer or a socket a test
// leaves open keeps `npm test` from exiting: two seconds after the run, whatever is still open is named.
const asyncHooks = require('node:async_hooks');
const path = require('node:path');

/**
 * Timers are not among the process's handles: they are followed from their creation to name them later,
 * with the test file that was running when each was set.
 */
const timers = new Map();
let runningFile = 'no test file';
asyncHooks.createHook({
  init(id, type, _trigger, resource) { if (type === 'Timeout') timers.set(id, { resource, file: runningFile }); },
  destroy(id) { timers.delete(id); },
}).enable();

class SummaryReporter {
  onTestFileStart(test) {
    runningFile = path.relative(process.cwd(), test.path);
  }

  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(
      `\nTests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`,
    );
    setTimeout(reportOpenHandles, 2000).unref();
  }
}

function reportOpenHandles() {
  const isOpen = (h) => !isStdio(h) && (typeof h.hasRef !== 'function' || h.hasRef()) && !h._destroyed;
  const open = [
    ...process._getActiveHandles().filter(isOpen).map((h) => describe(h)),
    ...[...timers.values()].filter((t) => isOpen(t.resource)).map((t) => `${describe(t.resource)} (set while ${t.file} ran)`),
  ];
  if (open.length === 0) return;
  process.stderr.write(`\nStill open two seconds after the run (${open.length}):\n`);
  for (const line of open) process.stderr.write(`  - ${line}\n`);
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
