import { member, post as postIn, sendDirect, sendToClub } from "./community-seed";
import { pngBlob, type SeedUser, seed, uniqueName } from "./fixtures";

/**
 * One small world for the accessibility specs: an owner's club with a cover, a post with a
 * comment, an event, a member who belongs (with chats), a pending request to the club and a
 * pending owner request, so every route shows its filled-in state rather than an empty one.
 */
export type A11yWorld = {
  owner: SeedUser;
  member: SeedUser;
  admin: SeedUser;
  clubId: number;
  clubName: string;
  postTitle: string;
};

const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

export async function seedA11yWorld(): Promise<A11yWorld> {
  const [owner, memberUser, admin, asker] = await Promise.all([
    member("owner"),
    member(),
    member("admin"),
    member(),
  ]);
  const clubName = uniqueName("Club Accesible ");
  const club = await seed.club(owner.token, {
    name: clubName,
    description: "A club to check every screen with axe",
    profile_description: "We meet every week to read, talk and help each other.",
    tags: "Arte,Cultura",
    region: "Managua",
    is_open: true,
    image: pngBlob(),
  });
  const asked = await seed.call(`/api/connection-requests?club_id=${club.id}`, {
    method: "POST",
    token: memberUser.token,
  });
  await seed.call(`/api/connection-requests/${asked.body.id}/accept`, { method: "POST", token: owner.token });
  await seed.call(`/api/connection-requests?club_id=${club.id}`, { method: "POST", token: asker.token });
  const postTitle = uniqueName("Welcome ");
  const created = await postIn(owner, club.id, postTitle);
  await seed.call(`/api/posts/${created.id}/comments`, {
    ...json({ content: "See you there!" }),
    token: memberUser.token,
  });
  await seed.post(owner.token, {
    club_id: String(club.id),
    title: uniqueName("Open day "),
    content: "Come and meet us.",
    is_event: "true",
    event_date: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    event_location: "UNI, Auditorio",
  });
  await sendToClub(memberUser, club.id, "Hello everyone!");
  await sendDirect(memberUser, owner.id, "Hi, when is the next meeting?");
  await sendDirect(owner, memberUser.id, "On Saturday at ten.");
  await seed.call(
    "/signup",
    json({ username: uniqueName("own"), password: "correct-horse-battery", role: "owner" }),
  );
  return { owner, member: memberUser, admin, clubId: club.id, clubName, postTitle };
}
