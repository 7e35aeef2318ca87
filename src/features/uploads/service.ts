import { createHash } from "node:crypto";
import { m } from "../../../common/messages";
import { MAX_IMAGE_EDGE } from "../../../common/upload-limits";
import type { Executor } from "../../lib/database/client";
import { Invalid, PayloadTooLarge, UnsupportedMediaType } from "../../lib/errors";
import { MAX_UPLOAD_BYTES } from "../../lib/upload-limits";
import { CONTENT_TYPES, type ImageKind, sniffImageKind } from "./image-type";
import { deleteUnreferencedUpload, findUpload, insertUpload } from "./queries";
import { loadSharp } from "./sharp";
import { storeVariants, type VariantWidth, WIDE_WIDTHS } from "./variants";

export { AVATAR_WIDTHS } from "./variants";

const DEFAULT_MAX_DIMENSION = MAX_IMAGE_EDGE;

/**
 * Validates an uploaded image by its bytes, re-encodes it at display size (which also strips
 * metadata such as GPS positions from phone photos) and stores it in PostgreSQL under the
 * SHA-256 of the stored bytes, with WebP copies at the widths its screens show (`widths`:
 * covers and post images by default, AVATAR_WIDTHS for pictures of people and club logos).
 * Returns the upload id.
 */
export async function saveImage({
  db,
  file,
  allowWebp = false,
  maxDimension = DEFAULT_MAX_DIMENSION,
  widths = WIDE_WIDTHS,
}: {
  db: Executor;
  file: Blob;
  allowWebp?: boolean;
  maxDimension?: number;
  widths?: readonly VariantWidth[];
}): Promise<string> {
  const typeMessage = allowWebp ? m.uploads.onlyImagesOrWebp : m.uploads.onlyImages;
  if (file.size > MAX_UPLOAD_BYTES) throw new PayloadTooLarge(m.uploads.tooLarge);
  const input = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImageKind(input);
  if (!kind || (kind === "webp" && !allowWebp)) throw new UnsupportedMediaType(typeMessage);
  const { data, info } = await reencode(input, kind, maxDimension).catch(() => {
    throw new Invalid(m.uploads.unreadable);
  });
  const id = createHash("sha256").update(data).digest("hex");
  await insertUpload(db, {
    id,
    contentType: CONTENT_TYPES[kind],
    data,
    byteSize: data.length,
    width: info.width,
    height: info.height,
  });
  await storeVariants({ db, id, original: data, widths });
  return id;
}

async function reencode(input: Uint8Array, kind: ImageKind, maxDimension: number) {
  // rotate() applies the EXIF orientation before metadata is dropped.
  const sharp = await loadSharp();
  const pipeline = sharp(input, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: maxDimension, height: maxDimension, fit: "inside", withoutEnlargement: true });
  const encoded =
    kind === "png"
      ? pipeline.png({ compressionLevel: 9, palette: false })
      : kind === "webp"
        ? pipeline.webp({ quality: 80 })
        : pipeline.jpeg({ quality: 82, mozjpeg: true });
  return await encoded.toBuffer({ resolveWithObject: true });
}

export function uploadUrl(id: string | null | undefined): string | null {
  return id ? `/uploads/${id}` : null;
}

export async function getUpload({ db, id }: { db: Executor; id: string }) {
  return await findUpload(db, id);
}

/** Removes an image nobody references any more (call after replacing or deleting its owner). */
export async function deleteUploadIfUnused({ db, id }: { db: Executor; id: string | null | undefined }) {
  if (id) await deleteUnreferencedUpload(db, id);
}
