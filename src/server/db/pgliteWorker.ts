/**
 * The worker thread of `PgliteThread` (pgliteThread.ts): opens PGlite on the data directory it is given
 * and runs what the main thread asks in the order asked (PGlite queues its calls), answering each by its
 * id. LISTEN notices are sent as they come. A failure is answered with the error's message and its
 * PostgreSQL fields (code, constraint, detail...), which the main thread puts back on an Error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest } from './pgliteThread';

const port = parentPort!;
const { dir, options } = workerData as { dir: string; options: PGliteOptions };

function plainError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(err)) if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return { ...fields, name: err.name, message: err.message };
}

async function serve(): Promise<void> {
  const pg = await PGlite.create(dir, options);
  const unlisten = new Map<string, () => Promise<void>>();
  const answer = async (request: ThreadRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query': {
        const result = await pg.query(request.sql, request.params);
        return { rows: result.rows, affectedRows: result.affectedRows };
      }
      case 'exec':
        await pg.exec(request.sql);
        return undefined;
      case 'listen':
        unlisten.set(request.channel, await pg.listen(request.channel, (payload) => port.postMessage({ notice: request.channel, payload } satisfies ThreadReply)));
        return undefined;
      case 'unlisten':
        await unlisten.get(request.channel)?.();
        unlisten.delete(request.channel);
        return undefined;
      case 'close':
        await pg.close();
        return undefined;
    }
  };
  port.on('message', (request: ThreadRequest) => {
    answer(request).then(
      (result) => port.postMessage({ id: request.id, result } satisfies ThreadReply),
      (err: unknown) => port.postMessage({ id: request.id, error: plainError(err) } satisfies ThreadReply),
    );
  });
  port.postMessage({ ready: true } satisfies ThreadReply);
}

serve().catch((err: unknown) => port.postMessage({ ready: false, error: plainError(err) } satisfies ThreadReply));
