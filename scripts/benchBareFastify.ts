/**
 * The bare Fastify server of the bench's baselines: one route, `GET /`, answering the app's smallest
 * envelope `{ type: 'ok', message: {} }`, no logger, no plugins. Used in-process as the API table's baseline
 * (benchApi.ts) and, run alone (`ts-node scripts/benchBareFastify.ts`, listening on PORT), as the startup
 * baseline (benchStartup.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';

export function bareFastify(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ type: 'ok', message: {} }));
  return app;
}

if (require.main === module) {
  const app = bareFastify();
  app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
  const stop = () => { void app.close().then(() => process.exit(0)); };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
