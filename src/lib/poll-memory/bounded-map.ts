/**
 * A Map that keeps at most `capacity` entries and forgets the least recently used one first
 * (a Map iterates in insertion order, so reading an entry moves it to the end). Evictions are
 * counted for /metrics: a memory too small for its working set shows up there first.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();
  evictions = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, marked as recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** The value, without changing its place in the eviction order. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
      this.evictions += 1;
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
