/** A remembered answer's bytes as sent: compressed, with the tag the client got with them. */
export type RememberedBody = {
  etag: string;
  encoding: string;
  body: Uint8Array<ArrayBuffer>;
  /** The JSON's length before compression (what decides whether an answer is compressed). */
  jsonLength: number;
};

/**
 * The bytes of remembered answers, bounded by their total size, not their number: a feed page is
 * about 1.5 KB compressed (14 KB of JSON), so the poll memory's 100,000 entries could otherwise
 * hold 150 MB of them. The oldest stored is forgotten first; a forgotten body only means the
 * next poll without If-None-Match reads its page again.
 */
export class RememberedBodies {
  private readonly entries = new Map<string, RememberedBody>();
  private total = 0;
  evictions = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.total;
  }

  get(key: string): RememberedBody | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: RememberedBody): void {
    if (value.body.byteLength > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, value);
    this.total += value.body.byteLength;
    for (const [oldest, body] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= body.body.byteLength;
      this.evictions += 1;
    }
  }

  delete(key: string): void {
    const known = this.entries.get(key);
    if (!known) return;
    this.entries.delete(key);
    this.total -= known.body.byteLength;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
