/**
 * `npm start` runs the server's TypeScript in plain Node with this require hook (`node -r`): a `.ts` file is
 * compiled by swc to CommonJS when first required, and the output is kept in node_modules/.cache/ts-hook by a
 * hash of the source, so a restart compiles nothing that did not change. It replaces ts-node there, which
 * loaded TypeScript itself into the server (about 90 MB resident) and compiled every file on every start.
 * Types are checked by `npm test` (tsc), not here. Stack traces point at the TypeScript lines (inline source
 * maps, read by Node only when an error's stack is formatted).
 * Plain JavaScript because it is what makes TypeScript runnable.
 */
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const CACHE_DIR = path.join(__dirname, '..', 'node_modules', '.cache', 'ts-hook');
const SWC_OPTIONS = {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
// The compiler's version and options are part of every cache key: a change of either compiles afresh.
const SALT = `${require('@swc/core/package.json').version}\0${JSON.stringify(SWC_OPTIONS)}\0`;

let swc;
function compile(source, filename) {
  swc ??= require('@swc/core');
  return swc.transformSync(source, { ...SWC_OPTIONS, filename }).code;
}

function compiled(filename) {
  const source = fs.readFileSync(filename, 'utf8');
  const key = crypto.createHash('sha256').update(SALT).update(filename).update('\0').update(source).digest('hex');
  const cached = path.join(CACHE_DIR, `${key}.js`);
  try {
    return fs.readFileSync(cached, 'utf8');
  } catch {
    const code = compile(source, filename);
    try {
      fs.mkdirSync(CACHE_DIR, { recursive: true });
      const tmp = `${cached}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, code);
      fs.renameSync(tmp, cached); // whole or not at all: another process may be reading the same key
    } catch {
      // a read-only node_modules: run without the cache
    }
    return code;
  }
}

require.extensions['.ts'] = (module, filename) => {
  if (filename.includes(`${path.sep}node_modules${path.sep}`)) throw new Error(`not compiling a dependency's TypeScript: ${filename}`);
  module._compile(compiled(filename), filename);
};
process.setSourceMapsEnabled(true);
