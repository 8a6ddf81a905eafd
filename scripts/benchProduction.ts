/**
 * Imported first by benchApi.ts: the server runs as `npm start` runs it, with NODE_ENV=production (outside
 * production src/server/app.ts checks every answer against its response schema, which users never pay for).
 * app.ts reads NODE_ENV when it loads, so this must run before any server module is required.
 */
const loaded = Object.keys(require.cache).filter((file) => /[\\/]src[\\/]server[\\/]app\.[jt]s$/.test(file));
if (loaded.length && process.env.NODE_ENV !== 'production') {
  throw new Error('src/server/app.ts was loaded before NODE_ENV=production was set: import ./benchProduction first');
}
process.env.NODE_ENV = 'production';

export const PRODUCTION = true;
