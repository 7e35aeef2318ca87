import type { Logger } from "../../lib/logger";

/** Writes one conversation's read marks (`markClubDelivered`, `markAnnouncementsDelivered`). */
export type WriteMarks = (marks: { userId: number; lastReadId: number }[]) => Promise<void>;

type Batch = { write: WriteMarks; marks: Map<number, number>; done: PromiseWithResolvers<boolean> };

/**
 * The read marks a live delivery moves, written behind it: the delivery sends its frames and
 * goes on to the next message at once, and the marks are written one statement at a time for
 * the whole process, each conversation's waiting marks merged into one statement.
 *
 * Why: a club of 2,000 followers moves 2,000 read marks per message. Awaited in the delivery,
 * those writes held the live connection's pool, so the next message's read waited behind them
 * (at 100 messages a second, a read waited a median of 170 ms and a mark write 370 ms; the
 * club's next message waited for both, docs/capacity.md). One writer leaves the pool's other
 * connections to the reads, and under load the marks of a club's several messages become one
 * write; when the load is light a mark is written as soon as it is delivered.
 */
export function createReadMarkWriter({ logger }: { logger: Logger }) {
  const pending = new Map<string, Batch>();
  let working: Promise<void> | null = null;

  async function work() {
    try {
      for (let next = pending.entries().next(); !next.done; next = pending.entries().next()) {
        const [key, batch] = next.value;
        // Taken off before writing: marks delivered meanwhile wait for the next turn, behind
        // every other conversation's, so a busy club does not starve a quiet one.
        pending.delete(key);
        const marks = [...batch.marks].map(([userId, lastReadId]) => ({ userId, lastReadId }));
        try {
          await batch.write(marks);
          batch.done.resolve(true);
        } catch (error) {
          logger.warn(
            { err: error, changeKey: key },
            "live read marks not written; the chat counts as unread",
          );
          batch.done.resolve(false);
        }
      }
    } finally {
      working = null;
    }
  }

  return {
    /**
     * Queues `marks` (user id → last message id delivered) for conversation `key`; resolves
     * true once they are written (merged with any of its marks still waiting), false if the
     * write failed. Marks only move forward, so merging keeps the highest id per person.
     */
    add(key: string, write: WriteMarks, marks: ReadonlyMap<number, number>): Promise<boolean> {
      let batch = pending.get(key);
      if (!batch) {
        batch = { write, marks: new Map(), done: Promise.withResolvers<boolean>() };
        pending.set(key, batch);
      }
      for (const [userId, lastReadId] of marks) {
        batch.marks.set(userId, Math.max(batch.marks.get(userId) ?? 0, lastReadId));
      }
      working ??= work();
      return batch.done.promise;
    },
    /** Resolves once every mark queued so far is written (or failed): a stopping server waits for it. */
    async idle(): Promise<void> {
      while (working) await working;
    },
    /** Conversations with marks waiting (tests). */
    waiting: () => pending.size,
  };
}
