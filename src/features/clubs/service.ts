import type { NormalizedSocialLinks } from "../../../common/club-rules";
import { displayName } from "../../../common/display-name";
import { m } from "../../../common/messages";
import type { Database, Executor } from "../../lib/database/client";
import { Forbidden, NotFound } from "../../lib/errors";
import { keepJson } from "../../lib/kept-json";
import type { Logger } from "../../lib/logger";
import type { SessionUser } from "../../lib/session-token";
import { recordAudit } from "../../platform/audit/service";
import { AVATAR_WIDTHS, deleteUploadIfUnused, saveImage, uploadUrl } from "../uploads";
import { reportScreenedText, screenTexts } from "../watched-words";
import { assertClubPermission, canEditClub, listClubPermissions } from "./access";
import { type ClubListItem, toClubListItem } from "./list-item";
import {
  type ClubValues,
  deleteClubRow,
  insertClub,
  selectClubById,
  selectClubDetailRow,
  selectClubMembers,
  selectClubPage,
  selectClubUploadIds,
  selectTagCounts,
  selectTopClubs,
  selectViewerState,
  updateClubRow,
} from "./queries";
import type { CreateClubInput, UpdateClubInput } from "./schema";

export async function listClubs({
  db,
  query,
}: {
  db: Database;
  query: Parameters<typeof selectClubPage>[1];
}) {
  const rows = await selectClubPage(db, query);
  if (rows.length === 0 && query.offset > 0) {
    // Past the end the window count has no row to ride on; the first match still carries it,
    // so a pager can tell an old page link how many pages there are now.
    const first = await selectClubPage(db, { ...query, limit: 1, offset: 0 });
    return { items: [], total: first[0]?.total ?? 0 };
  }
  return { items: rows.map(toClubListItem), total: rows[0]?.total ?? 0 };
}

export async function listTags({ db }: { db: Database }) {
  return await selectTagCounts(db, 200);
}

export async function getClub({ db, id, viewer }: { db: Database; id: number; viewer: SessionUser | null }) {
  const club = await selectClubDetailRow(db, id);
  if (!club) throw new NotFound(m.clubs.notFound);
  const [members, state, permissions] = await Promise.all([
    selectClubMembers(db, id),
    viewer ? selectViewerState(db, id, viewer.id) : null,
    viewer ? listClubPermissions({ db, user: viewer, club }) : [],
  ]);
  const links = club.socialLinks ?? {};
  // Read once: each catalogue lookup goes through the request's language store.
  const guestFallback = viewer ? "" : m.privacy.memberFallbackName;
  return {
    ...toClubListItem(club),
    profile_description: club.profileDescription,
    social_links: {
      facebook: links.facebook ?? null,
      instagram: links.instagram ?? null,
      google_forms: links.google_forms ?? null,
      whatsapp: links.whatsapp ?? null,
    },
    meeting_location: club.meetingLocation,
    president: club.president,
    vice: club.vice,
    secretary: club.secretary,
    member_criteria: club.memberCriteria,
    contact_hours: club.contactHours,
    response_time: club.responseTime,
    join_questions: club.joinQuestions ?? [],
    owner_id: club.ownerId,
    created_at: club.createdAt.toISOString(),
    updated_at: club.updatedAt.toISOString(),
    // Guests (many students are minors) see how many members there are and their ids (the
    // spec's list with id), never who they are: no names, usernames or pictures.
    members: members.map((u) =>
      viewer
        ? {
            id: u.id,
            username: u.username,
            display_name: displayName(u),
            picture_url: uploadUrl(u.pictureId),
          }
        : { id: u.id, username: null, display_name: guestFallback, picture_url: null },
    ),
    ...(viewer && state
      ? {
          is_member: Boolean(state.isMember),
          request_pending: state.requestId ?? null,
          can_edit: canEditClub(viewer, club),
          my_permissions: permissions,
        }
      : {}),
  };
}

/** Maps the validated form to column values; `undefined` leaves a column as it is. */
function toClubValues(input: UpdateClubInput, links: NormalizedSocialLinks | undefined): ClubValues {
  return {
    name: input.name,
    description: input.description,
    profileDescription: input.profile_description,
    tags: input.tags,
    isOpen: input.is_open,
    socialLinks: links,
    region: input.region,
    meetingLocation: input.meeting_location,
    president: input.president,
    vice: input.vice,
    secretary: input.secretary,
    memberCriteria: input.member_criteria,
    contactHours: input.contact_hours,
    responseTime: input.response_time,
    joinQuestions: input.join_questions,
    coverPositionX: input.cover_position_x,
    coverPositionY: input.cover_position_y,
  };
}

/** A club's name and descriptions through the watched words (a field left out stays left out). */
async function screenClubTexts(db: Database, authorId: number, input: UpdateClubInput) {
  const screened = await screenTexts({
    db,
    kind: "club",
    authorId,
    texts: [input.name, input.description, input.profile_description],
  });
  const [name, description, profileDescription] = screened.texts.map((t) => t ?? undefined);
  return { ...screened, values: { name, description, profileDescription } };
}

async function saveClubImages(db: Executor, input: UpdateClubInput) {
  const image = input.image ? await saveImage({ db, file: input.image }) : undefined;
  const profile = input.profile_picture
    ? await saveImage({ db, file: input.profile_picture, widths: AVATAR_WIDTHS })
    : undefined;
  return { image, profile };
}

/** Owners and admins create clubs; the creator becomes the owner. Returns the new club's detail. */
export async function createClub({
  db,
  user,
  input,
}: {
  db: Database;
  user: SessionUser;
  input: CreateClubInput;
}) {
  if (user.role !== "owner" && user.role !== "admin") throw new Forbidden(m.clubs.createForbidden);
  const screened = await screenClubTexts(db, user.id, input);
  const images = await saveClubImages(db, input);
  const values = { ...toClubValues(input, input.social_links), ...screened.values };
  const id = await insertClub(db, {
    ...values,
    name: screened.values.name ?? input.name,
    description: screened.values.description ?? input.description,
    tags: input.tags ?? "",
    imageId: images.image ?? null,
    profileImageId: images.profile ?? null,
    ownerId: user.id,
  });
  await reportScreenedText({ db, screened, targetType: "club", targetId: id, authorId: user.id });
  return await getClub({ db, id, viewer: user });
}

export async function updateClub({
  db,
  user,
  id,
  input,
}: {
  db: Database;
  user: SessionUser;
  id: number;
  input: UpdateClubInput;
}) {
  const club = await selectClubById(db, id);
  if (!club) throw new NotFound(m.clubs.notFound);
  await assertClubPermission({ db, user, club, permission: "edit_club", detail: m.clubs.editForbidden });
  const screened = await screenClubTexts(db, user.id, input);
  const images = await saveClubImages(db, input);
  const values = { ...toClubValues(input, input.social_links), ...screened.values };
  if (images.image) values.imageId = images.image;
  if (images.profile) values.profileImageId = images.profile;
  await updateClubRow(db, id, values);
  await reportScreenedText({ db, screened, targetType: "club", targetId: id, authorId: user.id });
  // Replaced pictures go once nothing else points at them (content-addressed ids may be shared).
  if (images.image && images.image !== club.imageId) await deleteUploadIfUnused({ db, id: club.imageId });
  if (images.profile && images.profile !== club.profileImageId) {
    await deleteUploadIfUnused({ db, id: club.profileImageId });
  }
  return await getClub({ db, id, viewer: user });
}

/** Admin only. Posts, requests, memberships and chat go by cascade; unused images after. */
export async function deleteClub({ db, user, id }: { db: Database; user: SessionUser; id: number }) {
  if (user.role !== "admin") throw new Forbidden(m.clubs.deleteForbidden);
  const uploadIds = await db.transaction(async (tx) => {
    const ids = await selectClubUploadIds(tx, id);
    const deleted = await deleteClubRow(tx, id);
    if (!deleted) throw new NotFound(m.clubs.notFound);
    await recordAudit({
      db: tx,
      actorId: user.id,
      action: "club.delete",
      targetType: "club",
      targetId: id,
      details: { name: deleted.name },
    });
    return ids;
  });
  for (const uploadId of uploadIds) await deleteUploadIfUnused({ db, id: uploadId });
}

export const TOP_CLUBS_LIMIT = 12;

/**
 * The landing page's marquee is hit by every visitor: the answer is kept for a few seconds per
 * process (dropped on every replica when a club or post changes: `watchChanges` in routes.ts),
 * and a database failure serves the last answer (or an empty list) instead of an error.
 */
export function createTopClubsCache({
  db,
  logger,
  ttlMs = 10_000,
}: {
  db: Database;
  logger: Logger;
  ttlMs?: number;
}) {
  let cached: { at: number; items: ClubListItem[] } | null = null;
  let inFlight: Promise<ClubListItem[]> | null = null;
  // Bumped by clear(): a list loaded while a change arrived may predate it and is not kept.
  let generation = 0;

  async function load(): Promise<ClubListItem[]> {
    const startedAt = generation;
    try {
      const rows = await selectTopClubs(db, TOP_CLUBS_LIMIT);
      const items = keepJson(rows.map(toClubListItem));
      if (startedAt === generation) cached = { at: Date.now(), items };
      return items;
    } catch (error) {
      logger.error({ err: error }, "top clubs query failed; serving the last known list");
      return cached?.items ?? [];
    } finally {
      inFlight = null;
    }
  }

  return {
    /** The kept list itself while it is fresh (no promise to wait on), else its loading. */
    get(): ClubListItem[] | Promise<ClubListItem[]> {
      if (cached && Date.now() - cached.at < ttlMs) return cached.items;
      // Concurrent misses share one query instead of stampeding the database.
      inFlight ??= load();
      return inFlight;
    },
    /** Drops the list, here and (through the change feed) on every replica. */
    clear() {
      cached = null;
      inFlight = null;
      generation += 1;
    },
  };
}
