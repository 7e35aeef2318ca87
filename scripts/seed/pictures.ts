import { saveImage } from "../../src/features/uploads";
import type { Database } from "../../src/lib/database/client";
import { CATEGORY_COLORS, type Category, CLUB_SEEDS } from "./club-seeds";
import { renderBadge, renderCover, renderPostImage } from "./images";

/** Runs `work` over items with at most `limit` in flight (sharp is CPU-bound on 2 cores). */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

async function store(db: Database, bytes: Buffer, type: string): Promise<string> {
  return await saveImage({ db, file: new Blob([new Uint8Array(bytes)], { type }) });
}

export type Pictures = {
  clubs: { cover: string; badge: string }[];
  posts: Map<Category, string[]>;
};

/** Draws and stores every demo picture: a cover and a badge per club, two post images per category. */
export async function drawPictures(db: Database): Promise<Pictures> {
  const clubs = await mapLimited(CLUB_SEEDS, 3, async (club, i) => {
    const colors = CATEGORY_COLORS[club.category];
    return {
      cover: await store(
        db,
        await renderCover({ category: club.category, colors, seed: i + 1, name: club.name }),
        "image/jpeg",
      ),
      badge: await store(
        db,
        await renderBadge({ category: club.category, colors, seed: i, name: club.name }),
        "image/png",
      ),
    };
  });
  const posts = new Map<Category, string[]>();
  for (const category of Object.keys(CATEGORY_COLORS) as Category[]) {
    const [from, to] = CATEGORY_COLORS[category];
    const ids = await mapLimited([0, 1], 2, async (k) =>
      store(db, await renderPostImage({ category, colors: [to, from], seed: k }), "image/jpeg"),
    );
    posts.set(category, ids);
  }
  return { clubs, posts };
}
