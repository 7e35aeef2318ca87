import type { Following } from "./registry";

/**
 * What the live code uses of a socket's followed conversations, by name. A `Map` has it too
 * (tests build sockets with one), but costs about 440 bytes of heap even for one entry (the Map
 * and its table, docs/capacity.md "Memory per socket (branch `mem48`)"), and nearly every
 * socket follows one chat: FollowedChats keeps that one in a field and makes a Map only for a
 * second.
 */
export type FollowedChatsOf = {
  get(name: string): Following | undefined;
  has(name: string): boolean;
  set(name: string, following: Following): unknown;
  delete(name: string): boolean;
  values(): Iterable<Following>;
  keys(): Iterable<string>;
};

const NONE: readonly never[] = [];

/** A socket's followed conversations: one in a field, a Map from the second on. */
export class FollowedChats implements FollowedChatsOf {
  private one: Following | null = null;
  private many: Map<string, Following> | null = null;

  get(name: string): Following | undefined {
    if (this.many) return this.many.get(name);
    return this.one?.name === name ? this.one : undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** Kept under its own name (`following.name`, as the registry keys it). */
  set(name: string, following: Following): this {
    if (this.many) this.many.set(name, following);
    else if (!this.one || this.one.name === name) this.one = following;
    else {
      this.many = new Map([
        [this.one.name, this.one],
        [name, following],
      ]);
      this.one = null;
    }
    return this;
  }

  delete(name: string): boolean {
    if (this.many) {
      const had = this.many.delete(name);
      // Back to one: the Map goes.
      if (this.many.size <= 1) {
        this.one = this.many.values().next().value ?? null;
        this.many = null;
      }
      return had;
    }
    if (this.one?.name !== name) return false;
    this.one = null;
    return true;
  }

  values(): Iterable<Following> {
    if (this.many) return this.many.values();
    return this.one ? [this.one] : NONE;
  }

  keys(): Iterable<string> {
    if (this.many) return this.many.keys();
    return this.one ? [this.one.name] : NONE;
  }
}
