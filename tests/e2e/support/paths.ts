import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../..');
/** Screenshots, server log and other artefacts of a browser run. */
export const OUTPUT_DIR = path.join(ROOT, 'test-output', 'e2e');
export const SERVER_STATE = path.join(OUTPUT_DIR, 'server.json');
export const SERVER_LOG = path.join(OUTPUT_DIR, 'server.log');
