import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import type { Database, Executor } from "../../lib/database/client";
import { Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { recordAudit } from "../../platform/audit/service";
import { assertClubPermission, findClubAccess } from "../clubs";
import { afterEventCreated, afterEventEdit, collectCancelled, settleEventEdit, tellChange } from "../events";
import { fanOutClubPost } from "../notices";
import { deleteUploadIfUnused, saveImage } from "../uploads";
import { assertNotMuted } from "../users";
import { reportScreenedText, screenTexts } from "../watched-words";
import { chosenFile, cleanText, parseCapacity, parseDate, parseInstagramUrl } from "./post-input";
import { toPostJson } from "./present";
import {
  deletePost as deletePostRow,
  findPostForUpdate,
  findPostView,
  insertPost,
  type PostValues,
  updatePost as updatePostRow,
} from "./queries";
import type { CreatePostInput, PostJson, UpdatePostInput } from "./schema";

const THUMBNAIL_MAX_DIMENSION = 400;

/** Events queue reminders and messages: what a post change needs beyond the database. */
type EventDeps = Pick<AppDeps, "jobs" | "config">;

/** The club's owner, an admin, or an officer with `post`; and not muted. */
async function assertCanEdit(db: Executor, user: SessionUser, club: { id: number; ownerId: number | null }) {
  await assertClubPermission({ db, user, club, permission: "post", detail: m.posts.notClubOwner });
  assertNotMuted(user);
}

/** The rules every saved post obeys, checked on the merged values of a create or an edit. */
function assertComplete(values: Omit<PostValues, "imageId" | "thumbnailId">, hasImage: boolean) {
  const hasText = Boolean(values.title || values.shortDescription || values.content);
  if (!hasText && !values.instagramUrl && !hasImage) throw new Invalid(m.posts.needsContent);
  if (values.isEvent && !values.eventDate) throw new Invalid(m.posts.eventNeedsDate);
}

async function saveImagePair(db: Executor, file: Blob) {
  const imageId = await saveImage({ db, file });
  const thumbnailId = await saveImage({ db, file, maxDimension: THUMBNAIL_MAX_DIMENSION, widths: [400] });
  return { imageId, thumbnailId };
}

type PostTexts = Pick<PostValues, "title" | "shortDescription" | "content" | "eventLocation">;

/** A post's texts through the watched words: refused (422), censored, held or flagged after saving. */
async function screenPostTexts(db: Database, authorId: number, values: PostTexts) {
  const screened = await screenTexts({
    db,
    kind: "post",
    authorId,
    texts: [values.title, values.shortDescription, values.content, values.eventLocation],
  });
  const [title, shortDescription, content, eventLocation] = screened.texts;
  return { ...screened, values: { title, shortDescription, content, eventLocation } as PostTexts };
}

export async function getPost({ db, viewer, id }: { db: Database; viewer: SessionUser | null; id: number }) {
  const row = await findPostView(db, id, viewer?.id ?? null);
  if (!row) throw new NotFound(m.posts.postNotFound);
  return toPostJson(row, viewer);
}

export async function createPost({
  db,
  deps,
  user,
  input,
}: {
  db: Database;
  deps: EventDeps;
  user: SessionUser;
  input: CreatePostInput;
}): Promise<PostJson> {
  const club = await findClubAccess(db, input.club_id);
  if (!club) throw new NotFound(m.posts.clubNotFound);
  await assertCanEdit(db, user, club);
  const isEvent = input.is_event ?? false;
  const values = {
    title: cleanText(input.title),
    shortDescription: cleanText(input.short_description),
    content: cleanText(input.content),
    instagramUrl: parseInstagramUrl(input.instagram_url),
    isEvent,
    eventDate: isEvent ? parseDate(input.event_date, ["body", "event_date"]) : null,
    eventLocation: isEvent ? cleanText(input.event_location) : null,
    capacity: isEvent ? parseCapacity(input.capacity) : null,
    displayImageFirst: input.display_image_first ?? false,
  };
  const file = chosenFile(input.image);
  assertComplete(values, file !== null);
  const screened = await screenPostTexts(db, user.id, values);
  const id = await db.transaction(async (tx) => {
    const images = file ? await saveImagePair(tx, file) : null;
    const postId = await insertPost(tx, {
      ...values,
      ...screened.values,
      imageId: images?.imageId ?? null,
      thumbnailId: images?.thumbnailId ?? null,
      held: screened.held,
      clubId: club.id,
      authorId: user.id,
    });
    await reportScreenedText({ db: tx, screened, targetType: "post", targetId: postId, authorId: user.id });
    return postId;
  });
  if (values.isEvent) await afterEventCreated(deps, { id, eventDate: values.eventDate });
  // Every member hears of it in one INSERT … SELECT (a held post is hidden: nobody yet).
  if (!screened.held) {
    await fanOutClubPost(
      { db, jobs: deps.jobs, config: deps.config },
      { clubId: club.id, kind: values.isEvent ? "club_event" : "club_post", postId: id, actorId: user.id },
    );
  }
  return await getPost({ db, viewer: user, id });
}

/**
 * Partial update: a field left out keeps its value, a field sent blank clears it; a new image
 * replaces the old one and remove_image=true drops it. The merged post must still pass the
 * create rules. The club of a post cannot change.
 */
export async function updatePost({
  db,
  deps,
  user,
  id,
  input,
}: {
  db: Database;
  deps: EventDeps;
  user: SessionUser;
  id: number;
  input: UpdatePostInput;
}): Promise<PostJson> {
  const { replaced, event } = await db.transaction(async (tx) => {
    const found = await findPostForUpdate(tx, id);
    if (!found) throw new NotFound(m.posts.postNotFound);
    await assertCanEdit(tx, user, { id: found.post.clubId, ownerId: found.clubOwnerId });
    const old = found.post;
    const pick = (value: string | undefined, current: string | null) =>
      value === undefined ? current : cleanText(value);
    const isEvent = input.is_event ?? old.isEvent;
    const eventDate =
      input.event_date === undefined ? old.eventDate : parseDate(input.event_date, ["body", "event_date"]);
    const values = {
      title: pick(input.title, old.title),
      shortDescription: pick(input.short_description, old.shortDescription),
      content: pick(input.content, old.content),
      instagramUrl:
        input.instagram_url === undefined ? old.instagramUrl : parseInstagramUrl(input.instagram_url),
      isEvent,
      eventDate: isEvent ? eventDate : null,
      eventLocation: isEvent ? pick(input.event_location, old.eventLocation) : null,
      capacity: !isEvent ? null : input.capacity === undefined ? old.capacity : parseCapacity(input.capacity),
      displayImageFirst: input.display_image_first ?? old.displayImageFirst,
    };
    const file = chosenFile(input.image);
    const keepImage = !file && !input.remove_image;
    assertComplete(values, file !== null || (keepImage && old.imageId !== null));
    const images = file
      ? await saveImagePair(tx, file)
      : keepImage
        ? { imageId: old.imageId, thumbnailId: old.thumbnailId }
        : { imageId: null, thumbnailId: null };
    const screened = await screenPostTexts(db, user.id, values);
    // An edit can hold a post (hidden again until approved) but never releases one: only an
    // admin's approval does, so a held post cannot be published by editing it.
    await updatePostRow(tx, id, {
      ...values,
      ...screened.values,
      ...images,
      ...(screened.held ? { held: true } : {}),
    });
    await reportScreenedText({ db: tx, screened, targetType: "post", targetId: id, authorId: user.id });
    const after = {
      isEvent: values.isEvent,
      eventDate: values.eventDate,
      eventLocation: values.eventLocation,
    };
    const settled = await settleEventEdit(tx, { postId: id, before: old, after, jobs: deps.jobs });
    return {
      replaced: images.imageId === old.imageId ? [] : [old.imageId, old.thumbnailId],
      event: { after, settled },
    };
  });
  await afterEventEdit({ ...deps, db }, { postId: id, ...event });
  await removeUnusedImages(db, replaced);
  return await getPost({ db, viewer: user, id });
}

export async function deletePost({
  db,
  deps,
  user,
  id,
}: {
  db: Database;
  deps: EventDeps;
  user: SessionUser;
  id: number;
}) {
  const { images, cancelled } = await db.transaction(async (tx) => {
    const found = await findPostForUpdate(tx, id);
    if (!found) throw new NotFound(m.posts.postNotFound);
    const club = { id: found.post.clubId, ownerId: found.clubOwnerId };
    await assertClubPermission({ db: tx, user, club, permission: "post", detail: m.posts.notClubOwner });
    // A deleted event is a cancelled one for those going: note who they are before the rows go.
    const cancelled = found.post.isEvent ? await collectCancelled(tx, id) : null;
    await deletePostRow(tx, id);
    // An admin removing someone else's post is moderation, so it goes in the audit log.
    if (user.role === "admin" && found.clubOwnerId !== user.id) {
      await recordAudit({
        db: tx,
        actorId: user.id,
        action: "post.delete",
        targetType: "post",
        targetId: id,
        details: { club_id: found.post.clubId },
      });
    }
    return { images: [found.post.imageId, found.post.thumbnailId], cancelled };
  });
  if (cancelled) await tellChange({ ...deps, db }, cancelled);
  await removeUnusedImages(db, images);
}

async function removeUnusedImages(db: Database, ids: (string | null)[]) {
  for (const id of new Set(ids)) await deleteUploadIfUnused({ db, id });
}
