/**
 * The worker thread PGlite runs in during a trace (database.ts): the caller can terminate it when a
 * statement or the whole trace runs past its limit, which stops even a busy WebAssembly loop.
 * Messages: `{ id, op, sql }` → `{ id, ok, result | error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { loadPglite } from './database.js';

const port = parentPort!;
const { dump } = workerData as { dump?: Uint8Array };
let db: PGlite | undefined;

async function run(op: string, sql: string): Promise<unknown> {
  if (op === 'open') {
    const { PGlite } = await loadPglite();
    db = await PGlite.create(dump === undefined ? {} : { loadDataDir: new Blob([dump]) });
    return null;
  }
  if (db === undefined) throw new Error('PGlite is not open');
  // Only what the trace reads crosses over: rows (plain values) and nothing of PGlite's own objects.
  if (op === 'exec') return (await db.exec(sql)).map((result) => ({ rows: result.rows, affectedRows: result.affectedRows }));
  if (op === 'query') {
    const result = await db.query(sql);
    return { rows: result.rows, affectedRows: result.affectedRows };
  }
  if (op === 'dump') return new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
  if (op === 'close') return void (await db.close());
  throw new Error(`unknown operation ${op}`);
}

port.on('message', (message: { id: number; op: string; sql: string }) => {
  run(message.op, message.sql).then(
    (result) => {
      try {
        port.postMessage({ id: message.id, ok: true, result });
      } catch (error) {
        port.postMessage({
          id: message.id,
          ok: false,
          error: { message: `the result cannot be passed back: ${error instanceof Error ? error.message : String(error)}` },
        });
      }
    },
    (error: unknown) => {
      const code = (error as { code?: unknown }).code;
      port.postMessage({
        id: message.id,
        ok: false,
        error: { message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) },
      });
    },
  );
});
