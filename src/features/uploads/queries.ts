import { and, eq, sql } from "drizzle-orm";
import { uploads, uploadVariants } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export async function insertUpload(
  db: Executor,
  values: {
    id: string;
    contentType: string;
    data: Buffer;
    byteSize: number;
    width: number | null;
    height: number | null;
  },
) {
  await db.insert(uploads).values(values).onConflictDoNothing();
}

export async function findUpload(db: Executor, id: string) {
  const rows = await db
    .select({ contentType: uploads.contentType, data: uploads.data })
    .from(uploads)
    .where(eq(uploads.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** Deletes the upload only when no user, club, post or chat message still points at it. */
export async function deleteUnreferencedUpload(db: Executor, id: string) {
  await db.execute(sql`
    delete from uploads u
    where u.id = ${id}
      and not exists (select 1 from users where profile_picture_id = u.id)
      and not exists (select 1 from clubs where image_id = u.id or profile_image_id = u.id)
      and not exists (select 1 from posts where image_id = u.id or thumbnail_id = u.id)
      and not exists (select 1 from messages where image_id = u.id)`);
}

export async function insertUploadVariant(
  db: Executor,
  values: {
    uploadId: string;
    width: number;
    contentType: string;
    data: Buffer;
    byteSize: number;
    height: number;
  },
) {
  await db.insert(uploadVariants).values(values).onConflictDoNothing();
}

export async function findUploadVariant(db: Executor, uploadId: string, width: number) {
  const rows = await db
    .select({ contentType: uploadVariants.contentType, data: uploadVariants.data })
    .from(uploadVariants)
    .where(and(eq(uploadVariants.uploadId, uploadId), eq(uploadVariants.width, width)))
    .limit(1);
  return rows[0] ?? null;
}
