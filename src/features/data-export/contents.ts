import { m } from "../../../common/messages";
import type { Executor } from "../../lib/database/client";
import { uploadUrl } from "../uploads";
import { selectCreatedPolls, selectHandovers, selectOfficerRoles } from "./club-team-queries";
import * as q from "./contents-queries";

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * Everything the app holds about one person, as the JSON document of their file. Snake-case
 * names like the API's. Other people appear only as ids (a message's recipient, a blocked
 * person), never with their names or e-mail addresses. `null` when the account is gone.
 */
export async function collectContents(db: Executor, userId: number) {
  const profile = await q.selectProfile(db, userId);
  if (!profile) return null;
  const feed = await q.selectCalendarFeed(db, userId);
  const interests = await q.selectInterests(db, userId);
  const posts = await q.selectAuthoredPosts(db, userId);
  // The person's own pictures: their profile picture and their posts' images.
  const pictures = [
    ...(profile.profilePictureId ? [{ id: profile.profilePictureId, name: "profile" }] : []),
    ...posts.flatMap((post) => (post.imageId ? [{ id: post.imageId, name: `post-${post.id}` }] : [])),
  ];
  const document = {
    format: "clubnica-data-export/1",
    generated_at: new Date().toISOString(),
    note: m.dataExport.fileNote,
    profile: {
      id: profile.id,
      username: profile.username,
      role: profile.role,
      first_name: profile.firstName,
      middle_name: profile.middleName,
      last_name: profile.lastName,
      email: profile.email,
      email_verified: profile.emailVerified,
      school: profile.school,
      region: profile.region,
      gender: profile.gender,
      description: profile.description,
      profile_picture_url: uploadUrl(profile.profilePictureId),
      ban_until: iso(profile.banUntil),
      mute_until: iso(profile.muteUntil),
      test_account: profile.testAccount,
      created_at: iso(profile.createdAt),
      updated_at: iso(profile.updatedAt),
    },
    settings: {
      language: profile.locale,
      calendar_feed: { exists: feed !== null, created_at: iso(feed?.createdAt) },
      interests: interests && {
        tags: interests.tags,
        region: interests.region,
        school: interests.school,
        updated_at: iso(interests.updatedAt),
      },
    },
    club_memberships: (await q.selectMemberships(db, userId)).map((row) => ({
      club_id: row.clubId,
      club_name: row.clubName,
      joined_at: iso(row.joinedAt),
    })),
    clubs_owned: (await q.selectOwnedClubs(db, userId)).map((row) => ({
      club_id: row.clubId,
      club_name: row.clubName,
      created_at: iso(row.createdAt),
    })),
    officer_roles: (await selectOfficerRoles(db, userId)).map((row) => ({
      club_id: row.clubId,
      club_name: row.clubName,
      title: row.title,
      permissions: row.permissions,
      named_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    })),
    handovers: (await selectHandovers(db, userId)).map((row) => ({
      id: row.id,
      club_id: row.clubId,
      club_name: row.clubName,
      from_user_id: row.fromUserId,
      to_user_id: row.toUserId,
      offered_by: row.offeredBy,
      status: row.status,
      previous_owner_title: row.previousOwnerTitle,
      previous_owner_permissions: row.previousOwnerPermissions,
      previous_owner_leaves: row.previousOwnerLeaves,
      created_at: iso(row.createdAt),
      decided_at: iso(row.decidedAt),
    })),
    join_requests: (await q.selectJoinRequests(db, userId)).map((row) => ({
      club_id: row.clubId,
      club_name: row.clubName,
      created_at: iso(row.createdAt),
    })),
    owner_requests: (await q.selectOwnerRequests(db, userId)).map((row) => ({
      status: row.status,
      created_at: iso(row.createdAt),
      decided_at: iso(row.decidedAt),
    })),
    posts: posts.map((row) => ({
      id: row.id,
      club_id: row.clubId,
      title: row.title,
      short_description: row.shortDescription,
      content: row.content,
      instagram_url: row.instagramUrl,
      image_url: uploadUrl(row.imageId),
      is_event: row.isEvent,
      event_date: iso(row.eventDate),
      event_location: row.eventLocation,
      capacity: row.capacity,
      created_at: iso(row.createdAt),
      updated_at: iso(row.updatedAt),
    })),
    comments: (await q.selectComments(db, userId)).map((row) => ({
      id: row.id,
      post_id: row.postId,
      content: row.content,
      created_at: iso(row.createdAt),
    })),
    messages_sent: (await q.selectSentMessages(db, userId)).map((row) => ({
      id: row.id,
      to_user_id: row.recipientId,
      // An aviso is the person's words in a club too: its club, and which of the club's two rooms.
      club_id: row.clubId ?? row.announcementClubId,
      channel: row.recipientId !== null ? "direct" : row.clubId !== null ? "club" : "announcements",
      content: row.content,
      created_at: iso(row.createdAt),
      edited_at: iso(row.editedAt),
    })),
    event_answers: (await q.selectRsvps(db, userId)).map((row) => ({
      post_id: row.postId,
      event_title: row.title,
      status: row.status,
      updated_at: iso(row.updatedAt),
    })),
    polls_created: (await selectCreatedPolls(db, userId)).map((row) => ({
      id: row.id,
      club_id: row.clubId,
      question: row.question,
      options: row.options.map((text, index) => ({ index, text, votes: row.votes[index] ?? 0 })),
      multiple: row.multiple,
      anonymous: row.anonymous,
      total_voters: row.totalVoters,
      closes_at: iso(row.closesAt),
      closed_at: iso(row.closedAt),
      created_at: iso(row.createdAt),
    })),
    poll_votes: (await q.selectPollVotes(db, userId)).map((row) => ({
      poll_id: row.pollId,
      question: row.question,
      chosen: row.choices.map((index) => ({ index, text: row.options[index] ?? null })),
      voted_at: iso(row.votedAt),
    })),
    likes: (await q.selectLikes(db, userId)).map((row) => ({
      post_id: row.postId,
      created_at: iso(row.createdAt),
    })),
    favorites: (await q.selectFavorites(db, userId)).map((row) => ({
      post_id: row.postId,
      created_at: iso(row.createdAt),
    })),
    reports_made: (await q.selectReportsMade(db, userId)).map((row) => ({
      id: row.id,
      target_type: row.targetType,
      target_id: row.targetId,
      reason: row.reason,
      details: row.details,
      status: row.status,
      resolution: row.resolution,
      created_at: iso(row.createdAt),
      resolved_at: iso(row.resolvedAt),
    })),
    blocked_users: (await q.selectBlocks(db, userId)).map((row) => ({
      user_id: row.userId,
      blocked_at: iso(row.createdAt),
    })),
  };
  return { document, pictures };
}
