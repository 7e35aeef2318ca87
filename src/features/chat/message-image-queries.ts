import { sql as drizzleSql } from "drizzle-orm";
import type { Executor } from "../../lib/database/client";

/** A message's photo as a read sees it; the request facts decide who gets its URL. */
export type MessageImageRow = {
  image: { id: string; width: number | null; height: number | null } | null;
  /** Sent as a message request (a stranger's direct message). */
  sentAsRequest: boolean;
  /** …and that request is still waiting for the recipient to accept it. */
  requestPending: boolean;
};

export type RawImageColumns = {
  image: { id: string; width: number | null; height: number | null } | null;
  sent_as_request: boolean | null;
  request_pending: boolean | null;
};

/**
 * The photo columns of a message read (`m` the message). A tombstone shows no photo. Whether the
 * request is pending is the same for every reader, so the live connection can read a message
 * once for all its followers; message-images.ts decides per reader.
 */
export function imageColumns() {
  return drizzleSql`(select json_build_object('id', u.id, 'width', u.width, 'height', u.height)
      from uploads u where u.id = m.image_id and m.deleted_at is null) as image,
    m.sent_as_request,
    (m.sent_as_request and exists (select 1 from message_requests q
      where q.recipient_id = m.recipient_id and q.sender_id = m.sender_id
        and q.accepted_at is null)) as request_pending`;
}

export function toImageRow(row: RawImageColumns): MessageImageRow {
  return {
    image: row.image ?? null,
    sentAsRequest: row.sent_as_request ?? false,
    requestPending: row.request_pending ?? false,
  };
}

/** Takes the photo off a message (a deletion); returns the upload it pointed at, if any. */
export async function detachMessageImage(db: Executor, messageId: number): Promise<string | null> {
  const rows = await db.execute<{ image_id: string | null }>(drizzleSql`
    with old as (select image_id from messages where id = ${messageId} for update)
    update messages m set image_id = null from old where m.id = ${messageId}
    returning old.image_id`);
  return rows[0]?.image_id ?? null;
}
