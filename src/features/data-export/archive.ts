import { type Zippable, zipSync } from "fflate";
import type { Executor } from "../../lib/database/client";
import { uploadUrl } from "../uploads";
import type { collectContents } from "./contents";
import { selectPictureBytes, selectPictureInfo } from "./contents-queries";
import { type ListedPicture, renderIndexPage } from "./index-page";

/**
 * Pictures are copied into the file up to this many bytes in total; past it a picture is listed
 * by its address only. A file is built in memory and stored as one row, so it stays bounded
 * (a person's profile picture and post images fit many times over).
 */
const MAX_PICTURE_BYTES = 40 * 1024 * 1024;

const DATA_FILE_NAME = "clubnica-data.json";
/** The page a person opens (in their language, rendered in the job's locale). */
const INDEX_FILE_NAME = "index.html";

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

type Contents = NonNullable<Awaited<ReturnType<typeof collectContents>>>;

/**
 * The ZIP: index.html (the same data as a page to read), the JSON document, and the pictures
 * under pictures/ (stored uncompressed: PNG and JPEG are compressed already). The JSON lists each
 * picture with its address and its file name in the ZIP (null when it did not fit).
 */
export async function buildArchive(db: Executor, { document, pictures }: Contents): Promise<Uint8Array> {
  const info = new Map(
    (await selectPictureInfo(db, [...new Set(pictures.map((p) => p.id))])).map((r) => [r.id, r]),
  );
  const files: Zippable = {};
  const listed: ListedPicture[] = [];
  let budget = MAX_PICTURE_BYTES;
  for (const picture of pictures) {
    const row = info.get(picture.id);
    if (!row) continue;
    let file: string | null = null;
    if (row.byteSize <= budget) {
      const bytes = await selectPictureBytes(db, picture.id);
      if (bytes) {
        file = `pictures/${picture.name}.${EXTENSIONS[row.contentType] ?? "bin"}`;
        files[file] = [new Uint8Array(bytes), { level: 0 }];
        budget -= row.byteSize;
      }
    }
    listed.push({ of: picture.name, url: uploadUrl(picture.id), file });
  }
  const json = JSON.stringify({ ...document, pictures: listed }, null, 2);
  files[DATA_FILE_NAME] = [new TextEncoder().encode(json), { level: 6 }];
  const page = renderIndexPage({ document, pictures: listed, jsonFile: DATA_FILE_NAME });
  files[INDEX_FILE_NAME] = [new TextEncoder().encode(page), { level: 6 }];
  return zipSync(files);
}
