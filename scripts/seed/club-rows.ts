import { CLUB_SEEDS } from "./club-seeds";
import { slug } from "./people";
import { FIRST_NAMES, LAST_NAMES } from "./people-data";
import type { Pictures } from "./pictures";
import type { Random } from "./random";

export type SeededClub = { id: number; owner_id: number };
export type Pair = { club_id: number; user_id: number };

/** Club rows: the demo owner has one per region, the admin one, the rest go round the owners. */
export function buildClubRows({
  rand,
  pictures,
  ownerIds,
  adminId,
}: {
  rand: Random;
  pictures: Pictures;
  ownerIds: number[];
  adminId: number;
}) {
  const staffName = () => `${rand.pick(FIRST_NAMES)} ${rand.pick(LAST_NAMES)}`;
  return CLUB_SEEDS.map((club, i) => {
    const ownerId =
      i % 10 === 0
        ? ownerIds[0]!
        : i === CLUB_SEEDS.length - 1
          ? adminId
          : ownerIds[1 + (i % (ownerIds.length - 1))]!;
    const handle = slug(club.name);
    return {
      name: club.name,
      description: club.description,
      profile_description: `${club.about}\n\nNos reunimos en ${club.place}. ¡Te esperamos!`,
      tags: club.tags,
      is_open: i % 13 !== 7,
      // postgres.js sends a string; the jsonb column parses it.
      social_links: JSON.stringify({
        facebook: `https://facebook.com/${handle}`,
        instagram: `https://instagram.com/${handle}`,
        google_forms: i % 3 === 0 ? `https://forms.gle/${handle}` : null,
        whatsapp: `https://wa.me/505${rand.int(57_000_000, 89_999_999)}`,
      }),
      region: club.region,
      meeting_location: `https://maps.google.com/?q=${encodeURIComponent(club.place)}`,
      president: staffName(),
      vice: staffName(),
      secretary: staffName(),
      member_criteria: `Estudiantes de secundaria o universidad de ${club.region} con ganas de participar.`,
      contact_hours: rand.pick([
        "Lunes a viernes, 2:00 pm – 6:00 pm",
        "Sábados, 9:00 am – 12:00 m",
        "Martes y jueves, 4:00 pm – 7:00 pm",
      ]),
      response_time: rand.pick(["Menos de 24 horas", "1 a 2 días", "El mismo día"]),
      image_id: pictures.clubs[i]!.cover,
      profile_image_id: pictures.clubs[i]!.badge,
      cover_position_x: rand.int(35, 65),
      cover_position_y: rand.int(35, 65),
      owner_id: ownerId,
      member_count: 0,
    };
  });
}

/** 4 to 28 members per club; the demo member belongs to every eighth club. */
export function buildMemberships({
  rand,
  clubs,
  memberIds,
  studentId,
}: {
  rand: Random;
  clubs: SeededClub[];
  memberIds: number[];
  studentId: number;
}) {
  const rows: Pair[] = [];
  const membersOf = new Map<number, number[]>();
  clubs.forEach((club, i) => {
    const picked = rand.sample(memberIds, rand.int(4, 28)).filter((u) => u !== studentId);
    if (i % 8 === 1) picked.push(studentId);
    membersOf.set(club.id, picked);
    for (const userId of picked) rows.push({ club_id: club.id, user_id: userId });
  });
  return { rows, membersOf };
}

/** Pending requests: two from the demo member, three per club of the demo owner, some more. */
export function buildRequests({
  rand,
  clubs,
  membersOf,
  memberIds,
  studentId,
  demoOwnerId,
}: {
  rand: Random;
  clubs: SeededClub[];
  membersOf: Map<number, number[]>;
  memberIds: number[];
  studentId: number;
  demoOwnerId: number;
}): Pair[] {
  const rows: Pair[] = [];
  const seen = new Set<string>();
  const add = (clubId: number, userId: number) => {
    const key = `${clubId}:${userId}`;
    if (seen.has(key) || membersOf.get(clubId)!.includes(userId)) return;
    seen.add(key);
    rows.push({ club_id: clubId, user_id: userId });
  };
  add(clubs[0]!.id, studentId);
  add(clubs[20]!.id, studentId);
  for (const club of clubs.filter((c) => c.owner_id === demoOwnerId)) {
    for (const userId of rand.sample(memberIds, 3)) add(club.id, userId);
  }
  for (let i = 0; i < 30; i++) add(rand.pick(clubs).id, rand.pick(memberIds));
  return rows;
}
