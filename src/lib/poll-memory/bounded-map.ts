type Slot<V> = { value: V; used: boolean };

/**
 * A Map that keeps at most `capacity` entries and forgets one that was not read lately first
 * (the CLOCK approximation of least-recently-used). A Map iterates in insertion order: eviction
 * walks from the oldest entry, gives each one read since its last turn a second chance (moved to
 * the end, its mark cleared) and forgets the first one that was not. Evictions are counted for
 * /metrics: a memory too small for its working set shows up there first.
 *
 * Why not move an entry to the end on every read, as a strict LRU does: a read happens on every
 * poll, and delete-then-set leaves the Map's old storage and the request's key string behind in
 * the old generation, where only a full collection frees them. Under the polling mix that was the
 * most of what the heap grew by between full collections (about 2 strings and a slice of the
 * Map's table per request). A read here only sets a mark on the slot; nothing is allocated.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, Slot<V>>();
  evictions = 0;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value, marked as recently used. */
  get(key: K): V | undefined {
    const slot = this.entries.get(key);
    if (slot === undefined) return undefined;
    slot.used = true;
    return slot.value;
  }

  /** The value, without marking it. */
  peek(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V): void {
    const slot = this.entries.get(key);
    if (slot !== undefined) {
      // Replaced in place: the slot (and the key it was stored under) stays.
      slot.value = value;
      slot.used = true;
      return;
    }
    if (this.capacity <= 0) return;
    // Room first, so the turn never reaches the entry being added.
    if (this.entries.size >= this.capacity) this.evictOne();
    this.entries.set(key, { value, used: false });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  private evictOne(): void {
    // At most two turns round: the first clears every mark it passes, so the second stops.
    for (const [key, slot] of this.entries) {
      this.entries.delete(key);
      if (slot.used) {
        slot.used = false;
        this.entries.set(key, slot);
        continue;
      }
      this.evictions += 1;
      return;
    }
  }
}
