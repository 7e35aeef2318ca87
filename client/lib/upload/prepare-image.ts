import { format, m } from "../../../common/messages";
import { MAX_IMAGE_BYTES, MAX_IMAGE_EDGE } from "../../../common/upload-limits";

export type PreparedImage = { ok: true; file: File } | { ok: false; message: string };

const TYPES = ["image/png", "image/jpeg", "image/jpg"];
const WEBP = "image/webp";
const EXTENSIONS = /\.(png|jpe?g)$/i;

function typeOf(file: File, allowWebp: boolean): string | null {
  const type = file.type.toLowerCase();
  if (TYPES.includes(type) || (allowWebp && type === WEBP)) return type === "image/jpg" ? "image/jpeg" : type;
  if (!type && EXTENSIONS.test(file.name)) return /\.png$/i.test(file.name) ? "image/png" : "image/jpeg";
  if (!type && allowWebp && /\.webp$/i.test(file.name)) return WEBP;
  return null;
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/**
 * Draws the photo at most 1600 px on its longest side (what the server keeps anyway) and encodes
 * it again, so a 4 MB phone photo travels as a few hundred kilobytes. Null when the browser
 * cannot decode it or the result is not smaller.
 */
async function shrink(file: File, type: string): Promise<File | null> {
  if (typeof createImageBitmap !== "function" || typeof document === "undefined") return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  const scale = Math.min(1, MAX_IMAGE_EDGE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  if (!blob || blob.size >= file.size) return null;
  return new File([blob], file.name, { type: blob.type || type, lastModified: file.lastModified });
}

/**
 * Checks an image the user picked before anything is sent: its type (PNG/JPEG, and WebP where
 * allowed), then shrinks it for the phone's data plan, then its size against the server's limit.
 * A refusal carries the message to show next to the field, in the user's language.
 */
export async function prepareImage(file: File, { allowWebp = false } = {}): Promise<PreparedImage> {
  const type = typeOf(file, allowWebp);
  if (!type) {
    return {
      ok: false,
      message: allowWebp ? m.appShell.upload.wrongTypeOrWebp : m.appShell.upload.wrongType,
    };
  }
  const smaller = await shrink(file, type);
  const chosen = smaller ?? file;
  if (chosen.size > MAX_IMAGE_BYTES) {
    return {
      ok: false,
      message: format(m.appShell.upload.tooLarge, {
        size: megabytes(chosen.size),
        max: megabytes(MAX_IMAGE_BYTES).replace(/\.0$/, ""),
      }),
    };
  }
  return { ok: true, file: chosen };
}
