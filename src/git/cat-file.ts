import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { GIT_TIMEOUT_ENV, gitEnvironment, GitTimeoutError, gitTimeoutMs } from './run.js';

/**
 * One persistent `git cat-file --batch` process per repository: requests are written as object
 * ids, answers come back in the same order, so a FIFO of pending requests is all the matching needed.
 * Object sizes come from the header, so multi-MB blobs are read whole without a buffer limit.
 */
export interface GitObject {
  type: string;
  content: Buffer;
}

interface PendingRequest {
  id: string;
  resolve(object: GitObject & { id: string }): void;
  reject(error: Error): void;
}

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** git answered `missing` or `ambiguous` for a request (the stream itself is fine). */
export class UnresolvedObjectError extends Error {
  constructor(
    readonly requested: string,
    readonly answer: string,
  ) {
    super(`git object ${requested} is ${answer}`);
  }
}

export class CatFileBatch {
  private child: ChildProcessByStdio<Writable, Readable, Readable> | undefined;
  private readonly pending: PendingRequest[] = [];
  /** Object names requested in this turn, not yet written to git. */
  private outgoing: string[] = [];
  private buffered: Buffer = Buffer.alloc(0);
  /** Chunks not yet joined: a multi-MB blob arrives in many chunks and is joined once, not per chunk. */
  private waiting: Buffer[] = [];
  private waitingBytes = 0;
  /** Bytes needed before parsing can make progress again. */
  private needed = 1;
  private failure: Error | undefined;
  private stderrText = '';
  /** Armed while requests are pending; reset by every chunk of output. */
  private silence: NodeJS.Timeout | undefined;

  constructor(
    private readonly cwd: string,
    private readonly timeoutMs = gitTimeoutMs(),
  ) {}

  read(id: string): Promise<GitObject> {
    // Only full hex ids: never a revision expression such as `HEAD:path` or an option.
    if (!OBJECT_ID.test(id)) return Promise.reject(new Error(`not a git object id: ${JSON.stringify(id)}`));
    return this.request(id);
  }

  /**
   * The object a revision expression names (`v1.2.0^{commit}`), with its full id: how refs are resolved
   * without starting a `git rev-parse` per ref. Batch input is one object name per line and is never
   * read as an option, but a newline would split the request: the caller validates, this refuses.
   * Resolves to undefined when git answers `missing` or `ambiguous`.
   */
  lookup(revision: string): Promise<(GitObject & { id: string }) | undefined> {
    if (revision === '' || /[\0\n\r]/.test(revision)) return Promise.reject(new Error(`not a revision: ${JSON.stringify(revision)}`));
    return this.request(revision).then(
      (object) => object,
      (error: unknown) => {
        if (error instanceof UnresolvedObjectError) return undefined;
        throw error;
      },
    );
  }

  private request(id: string): Promise<GitObject & { id: string }> {
    if (this.failure) return Promise.reject(this.failure);
    const child = this.start();
    return new Promise<GitObject & { id: string }>((resolve, reject) => {
      this.pending.push({ id, resolve, reject });
      this.watchSilence();
      this.send(child, id);
    });
  }

  /**
   * Requests made before the event loop next turns go to git in one write: a backfill asks for tens of
   * thousands of objects, and one pipe write per object cost more CPU (system calls, and waking git)
   * than parsing their answers. Flushed on `setImmediate`, not on a microtask: a tree walk or a stage
   * asks in chains of promise continuations, and a microtask flush wrote once per link of each chain
   * (≈ 29 writes per release of a real backfill); the immediate runs once every continuation is done.
   */
  private send(child: ChildProcessByStdio<Writable, Readable, Readable>, id: string): void {
    this.outgoing.push(id);
    if (this.outgoing.length > 1) return;
    setImmediate(() => {
      const ids = this.outgoing;
      this.outgoing = [];
      if (this.child === child) child.stdin.write(`${ids.join('\n')}\n`);
    });
  }

  close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('close', () => resolve());
      child.stdin.end();
    });
  }

  private start(): ChildProcessByStdio<Writable, Readable, Readable> {
    if (this.child) return this.child;
    const child = spawn('git', ['cat-file', '--batch'], { cwd: this.cwd, env: gitEnvironment(), stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => this.receive(chunk));
    // Output closed while the process lives on: no answer can come any more.
    child.stdout.on('end', () => {
      if (this.pending.length > 0) this.fail(new Error(`git cat-file closed its output with requests pending${this.stderrNote()}`));
    });
    child.stderr.on('data', (chunk: Buffer) => (this.stderrText += chunk.toString('utf8')));
    child.on('error', (error) => this.fail(error));
    child.stdin.on('error', (error) => this.fail(error));
    child.on('close', (code) => {
      if (this.child === child) this.child = undefined;
      if (this.pending.length > 0) this.fail(new Error(`git cat-file exited (${code}) with requests pending${this.stderrNote()}`));
    });
    this.child = child;
    return child;
  }

  private stderrNote(): string {
    const text = this.stderrText.trim();
    return text === '' ? '' : `: ${text}`;
  }

  /** Starts (or restarts) the silence timer while anything is pending; stops it when nothing is. */
  private watchSilence(): void {
    if (this.pending.length === 0) {
      clearTimeout(this.silence);
      this.silence = undefined;
      return;
    }
    if (this.silence) {
      this.silence.refresh();
      return;
    }
    this.silence = setTimeout(() => {
      this.fail(new GitTimeoutError(`git cat-file in ${this.cwd} did not answer for ${this.timeoutMs} ms and was killed (${GIT_TIMEOUT_ENV} sets the limit)`));
    }, this.timeoutMs);
  }

  private receive(chunk: Buffer): void {
    this.receiveChunk(chunk);
    this.watchSilence();
  }

  private receiveChunk(chunk: Buffer): void {
    this.waiting.push(chunk);
    this.waitingBytes += chunk.length;
    if (this.buffered.length + this.waitingBytes < this.needed) return;
    // Most chunks arrive with nothing left over from the last one: parsed in place, not copied.
    this.buffered = this.buffered.length === 0 && this.waiting.length === 1 ? chunk : Buffer.concat([this.buffered, ...this.waiting]);
    this.waiting = [];
    this.waitingBytes = 0;
    this.needed = 1;
    for (;;) {
      const request = this.pending[0];
      if (!request) return;
      const headerEnd = this.buffered.indexOf(0x0a);
      if (headerEnd < 0) {
        this.needed = this.buffered.length + 1;
        return;
      }
      const header = this.buffered.subarray(0, headerEnd).toString('utf8');
      // `<name> missing` / `<name> ambiguous` echo the request, which may hold spaces (`:/fix bug`):
      // matched by suffix, so a strange revision can never be mistaken for a broken stream.
      const unresolved = / (missing|ambiguous)$/.exec(header);
      if (unresolved && header === `${request.id} ${unresolved[1]}`) {
        this.buffered = this.buffered.subarray(headerEnd + 1);
        this.pending.shift();
        request.reject(new UnresolvedObjectError(request.id, unresolved[1] ?? 'missing'));
        continue;
      }
      const parts = header.split(' ');
      const size = Number(parts[2]);
      if (parts.length !== 3 || !OBJECT_ID.test(parts[0] ?? '') || !Number.isSafeInteger(size)) {
        this.fail(new Error(`unexpected git cat-file header: ${header}`));
        return;
      }
      // Header, content, and the newline git writes after every object.
      const end = headerEnd + 1 + size + 1;
      if (this.buffered.length < end) {
        this.needed = end;
        return;
      }
      const content = Buffer.from(this.buffered.subarray(headerEnd + 1, headerEnd + 1 + size));
      this.buffered = this.buffered.subarray(end);
      this.pending.shift();
      request.resolve({ id: parts[0] ?? '', type: parts[1] ?? '', content });
    }
  }

  /** Fails every pending and later request, and kills the process: a broken stream never recovers. */
  private fail(error: Error): void {
    this.failure ??= error;
    clearTimeout(this.silence);
    this.silence = undefined;
    for (const request of this.pending.splice(0)) request.reject(error);
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGKILL');
  }
}
