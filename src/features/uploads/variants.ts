import type { Executor } from "../../lib/database/client";
import { findUpload, findUploadVariant, insertUploadVariant } from "./queries";
import { loadSharp } from "./sharp";

/**
 * The widths the screens show images at: 96 px for avatars (40–48 px on screen, twice for sharp
 * phone screens), 400 and 800 px for covers and post images (a phone column, and a wide card or
 * a sharp phone). The browser picks one through srcset (client/lib/images.ts).
 */
export const VARIANT_WIDTHS = [96, 400, 800] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];
export const AVATAR_WIDTHS: VariantWidth[] = [96];
export const WIDE_WIDTHS: VariantWidth[] = [400, 800];

export function isVariantWidth(width: number): width is VariantWidth {
  return (VARIANT_WIDTHS as readonly number[]).includes(width);
}

async function encodeVariant(original: Uint8Array, width: VariantWidth) {
  const sharp = await loadSharp();
  return await sharp(original, { limitInputPixels: 50_000_000 })
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75, effort: 4 })
    .toBuffer({ resolveWithObject: true });
}

/** Encodes and stores the given widths of a stored upload (already present ones are kept). */
export async function storeVariants({
  db,
  id,
  original,
  widths,
}: {
  db: Executor;
  id: string;
  original: Uint8Array;
  widths: readonly VariantWidth[];
}) {
  for (const width of widths) {
    const { data, info } = await encodeVariant(original, width);
    await insertUploadVariant(db, {
      uploadId: id,
      width,
      contentType: "image/webp",
      data,
      byteSize: data.length,
      height: info.height,
    });
  }
}

/**
 * One width of an upload as WebP. Images uploaded before variants existed (or a width their
 * screen did not ask for at upload) are converted on this first request and kept.
 */
export async function getVariant({ db, id, width }: { db: Executor; id: string; width: VariantWidth }) {
  const stored = await findUploadVariant(db, id, width);
  if (stored) return stored;
  const upload = await findUpload(db, id);
  if (!upload) return null;
  await storeVariants({ db, id, original: upload.data, widths: [width] });
  return await findUploadVariant(db, id, width);
}
