import { parentPort, workerData } from 'node:worker_threads';
import { describeError } from '../core/errors.js';
import { processPairs } from './backfill-pairs.js';
import type { PairJob } from './backfill-pairs.js';

/**
 * Worker thread of `backfill --jobs N`: the stages are CPU-bound JavaScript (spec parsing, diffing),
 * so cores are used through threads, each with its own repository session and caches.
 * Messages: `{ type: 'result', result }` per pair, then `{ type: 'done' }` or `{ type: 'crash', error }`.
 */
const port = parentPort;
if (port) {
  processPairs(workerData as PairJob, (result) => port.postMessage({ type: 'result', result })).then(
    () => port.postMessage({ type: 'done' }),
    (error: unknown) => port.postMessage({ type: 'crash', error: describeError(error) }),
  );
}
