/**
 * Blob texts by blob id, shared by every pair a {@link Repository} compares (backfill reuses one
 * repository for hundreds of pairs, and most blobs are identical between neighbouring releases).
 * Bounded by total characters, least recently used first out, so a long backfill cannot exhaust memory;
 * within the budget each blob is read once per process.
 */
export const DEFAULT_TEXT_CACHE_CHARS = 8 * 1024 * 1024;

export class TextCache {
  private readonly entries = new Map<string, Promise<string>>();
  private readonly sizes = new Map<string, number>();
  private totalChars = 0;

  constructor(private readonly budgetChars = DEFAULT_TEXT_CACHE_CHARS) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached text of `id`, or the text `load` produces (one load per id even when asked concurrently). */
  get(id: string, load: () => Promise<string>): Promise<string> {
    const cached = this.entries.get(id);
    if (cached) {
      // Re-insert: Map order is the recency order.
      this.entries.delete(id);
      this.entries.set(id, cached);
      return cached;
    }
    const loading = load().then(
      (text) => {
        if (this.entries.get(id) === loading) this.account(id, text.length);
        return text;
      },
      (error: unknown) => {
        // A failed read is not cached: the next ask tries again.
        if (this.entries.get(id) === loading) this.entries.delete(id);
        throw error;
      },
    );
    this.entries.set(id, loading);
    return loading;
  }

  private account(id: string, chars: number): void {
    this.sizes.set(id, chars);
    this.totalChars += chars;
    for (const oldest of this.entries.keys()) {
      if (this.totalChars <= this.budgetChars || oldest === id) break;
      const size = this.sizes.get(oldest);
      // Still loading: its size is not known yet and it is not counted.
      if (size === undefined) continue;
      this.entries.delete(oldest);
      this.sizes.delete(oldest);
      this.totalChars -= size;
    }
  }
}
