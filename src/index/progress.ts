import type { PairResult } from './backfill-pairs.js';

/**
 * Progress of a backfill on stderr: a redrawn bar on a terminal, one plain line per release
 * otherwise (CI logs). Warnings always get a line of their own.
 */
export interface BackfillProgress {
  start(total: number, skipped: number, jobs: number): void;
  result(result: PairResult): void;
  warn(text: string): void;
  finish(): void;
}

const BAR_WIDTH = 30;

/** `[#########.....................]  30/100` (pure, for the terminal bar). */
export function renderBar(done: number, total: number, width = BAR_WIDTH): string {
  const filled = total === 0 ? width : Math.min(width, Math.floor((done / total) * width));
  const count = String(total).length;
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(done).padStart(count)}/${total}`;
}

export function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

export function createProgress(stream: NodeJS.WritableStream & { isTTY?: boolean }, clock: () => number = () => Date.now()): BackfillProgress {
  const tty = Boolean(stream.isTTY);
  let total = 0;
  let done = 0;
  let startedAt = clock();
  let lastDraw = 0;
  let lastVersion = '';

  const barLine = () => {
    const elapsed = clock() - startedAt;
    const eta = done > 0 && done < total ? `, eta ${formatSeconds(((total - done) * elapsed) / done)}` : '';
    return `${renderBar(done, total)} ${lastVersion}${eta}`;
  };
  const draw = (force: boolean) => {
    const now = clock();
    if (!force && now - lastDraw < 100) return;
    lastDraw = now;
    stream.write(`\r\u001b[K${barLine()}`);
  };

  return {
    start(count, skipped, jobs) {
      total = count;
      startedAt = clock();
      const resumed = skipped > 0 ? `, ${skipped} already present (skipped; --force redoes them)` : '';
      stream.write(`backfill: ${count} release(s) to generate with ${jobs} job(s)${resumed}\n`);
      if (tty && total > 0) draw(true);
    },
    result(result) {
      done++;
      lastVersion = result.version;
      if (tty) draw(done === total);
      else
        stream.write(
          `[${done}/${total}] ${result.version} (from ${result.previousVersion}): ${String(result.rollingUpdateSafe)}${result.status === 'failed' ? ' (failed closed)' : ''}, ${result.ms} ms\n`,
        );
    },
    warn(text) {
      if (tty) {
        stream.write(`\r\u001b[Kwarning: ${text}\n`);
        if (total > 0) draw(true);
      } else {
        stream.write(`warning: ${text}\n`);
      }
    },
    finish() {
      if (tty && total > 0) stream.write('\n');
    },
  };
}
