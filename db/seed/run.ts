import type postgres from "postgres";
import { hashPassword } from "../../src/features/auth/passwords";
import { saveImage } from "../../src/features/uploads/service";
import type { Database } from "../../src/lib/database/client";
import type { Region } from "../schema/types";
import {
  CATEGORY_COLORS,
  type Category,
  CHAT_LINES,
  CLUB_SEEDS,
  COMMENTS,
  FIRST_NAMES,
  LAST_NAMES,
  POST_TEMPLATES,
  SCHOOLS,
} from "./clubs-data";
import { renderBadge, renderCover, renderPostImage } from "./images";
import { createRandom } from "./random";

/** Everyone in the demo uses this password except the admin. */
export const DEMO_PASSWORD = "clubnica123";
export const DEMO_ADMIN = { username: "admin", password: "clubnica-admin" };
export const DEMO_OWNER = "propietario";
export const DEMO_MEMBER = "estudiante";
const EMAIL_DOMAIN = "demo.clubnica.test";
const FEMALE = new Set([
  "María",
  "Ana",
  "Carmen",
  "Sofía",
  "Valeria",
  "Camila",
  "Daniela",
  "Gabriela",
  "Isabel",
  "Lucía",
  "Fátima",
  "Mariela",
  "Karla",
  "Yahoska",
  "Itzel",
]);
const REGIONS: Region[] = ["Managua", "León", "Masaya", "Granada"];

export type SeedResult =
  | { seeded: false; reason: string }
  | { seeded: true; counts: Record<string, number>; ms: number };

function slug(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "")
    .slice(0, 30);
}

/** Runs `work` over items with at most `limit` in flight (sharp is CPU-bound on 2 cores). */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

/** drizzle turns off postgres.js's Date serializer on this client, so timestamps go as ISO text. */
function plain<T extends Record<string, unknown>>(rows: T[]) {
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
  );
}

async function imageId(db: Database, bytes: Buffer, type: string): Promise<string> {
  return await saveImage({ db, file: new Blob([new Uint8Array(bytes)], { type }) });
}

/**
 * Fills a database with demo data: about 40 clubs across the four regions with owners, members,
 * pending requests, posts, events, likes, comments and chats, plus an admin. Deterministic (a
 * seeded PRNG); does nothing when the demo clubs are already there.
 */
export async function seedDemoData({
  db,
  sql,
  log = () => {},
}: {
  db: Database;
  sql: postgres.Sql;
  log?: (message: string) => void;
}): Promise<SeedResult> {
  const started = Date.now();
  const existing = await sql`select 1 from clubs where name = ${CLUB_SEEDS[0]!.name} limit 1`;
  if (existing.length) return { seeded: false, reason: "the demo clubs are already there" };
  const rand = createRandom(20_260_505);

  log("drawing images…");
  const covers = await mapLimited(CLUB_SEEDS, 3, async (club, i) => ({
    cover: await imageId(
      db,
      await renderCover({ name: club.name, colors: CATEGORY_COLORS[club.category], seed: i + 1 }),
      "image/jpeg",
    ),
    badge: await imageId(
      db,
      await renderBadge({ name: club.name, colors: CATEGORY_COLORS[club.category] }),
      "image/png",
    ),
  }));
  const categories = Object.keys(CATEGORY_COLORS) as Category[];
  const postImages = new Map<Category, string[]>();
  for (const category of categories) {
    const ids = await mapLimited([0, 1], 2, async (k) =>
      imageId(
        db,
        await renderPostImage({
          caption: POST_TEMPLATES[category][k]!.title,
          colors: [CATEGORY_COLORS[category][1], CATEGORY_COLORS[category][0]],
        }),
        "image/jpeg",
      ),
    );
    postImages.set(category, ids);
  }

  log("hashing passwords…");
  const [demoHash, adminHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_ADMIN.password),
  ]);

  const counts = await sql.begin(async (tx) => {
    // People: the admin, two named demo accounts, 15 more owners and 100 members.
    type Person = {
      username: string;
      password_hash: string;
      role: "member" | "owner" | "admin";
      first_name: string;
      last_name: string;
      email: string;
      email_verified: boolean;
      school: string;
      region: Region;
      gender: "male" | "female" | "other";
      description: string;
    };
    const people: Person[] = [];
    const person = (username: string, role: Person["role"], first: string, last: string): Person => ({
      username,
      password_hash: role === "admin" ? adminHash : demoHash,
      role,
      first_name: first,
      last_name: last,
      email: `${username}@${EMAIL_DOMAIN}`,
      email_verified: true,
      school: rand.pick(SCHOOLS),
      region: rand.pick(REGIONS),
      gender: FEMALE.has(first) ? "female" : rand.chance(0.05) ? "other" : "male",
      description: `Estudiante de ${rand.pick(SCHOOLS)}. Me gusta conocer gente nueva y aprender.`,
    });
    people.push(person(DEMO_ADMIN.username, "admin", "Admin", "ClubNica"));
    people.push(person(DEMO_OWNER, "owner", "Paola", "Membreño"));
    people.push(person(DEMO_MEMBER, "member", "Esteban", "Rivera"));
    const used = new Set(people.map((p) => p.username));
    const named = (role: Person["role"]) => {
      const first = rand.pick(FIRST_NAMES);
      const last = rand.pick(LAST_NAMES);
      let username = `${slug(first)}.${slug(last)}`;
      for (let n = 2; used.has(username); n++) username = `${slug(first)}.${slug(last)}${n}`;
      used.add(username);
      return person(username, role, first, last);
    };
    for (let i = 0; i < 15; i++) people.push(named("owner"));
    for (let i = 0; i < 100; i++) people.push(named("member"));

    // An admin made from ADMIN_USERNAME at start-up keeps its own password.
    await tx`insert into users ${tx(people)} on conflict (username) do nothing`;
    const idRows = await tx<{ id: number; username: string }[]>`
      select id, username from users where username in ${tx(people.map((p) => p.username))}`;
    const idOf = new Map(idRows.map((r) => [r.username.toLowerCase(), r.id]));
    const id = (username: string) => idOf.get(username.toLowerCase())!;
    const adminId = id(DEMO_ADMIN.username);
    const ownerIds = [
      id(DEMO_OWNER),
      ...people
        .filter((p) => p.role === "owner")
        .slice(1)
        .map((p) => id(p.username)),
    ];
    const memberIds = people.filter((p) => p.role === "member").map((p) => id(p.username));
    const studentId = id(DEMO_MEMBER);

    // Clubs: "propietario" owns one per region, the admin one, the rest go round the owners.
    const staffNames = () => `${rand.pick(FIRST_NAMES)} ${rand.pick(LAST_NAMES)}`;
    const clubRows = CLUB_SEEDS.map((club, i) => {
      const ownerId =
        i % 10 === 0 ? ownerIds[0]! : i === CLUB_SEEDS.length - 1 ? adminId : ownerIds[1 + (i % 15)]!;
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
        president: staffNames(),
        vice: staffNames(),
        secretary: staffNames(),
        member_criteria: `Estudiantes de secundaria o universidad de ${club.region} con ganas de participar.`,
        contact_hours: rand.pick([
          "Lunes a viernes, 2:00 pm – 6:00 pm",
          "Sábados, 9:00 am – 12:00 m",
          "Martes y jueves, 4:00 pm – 7:00 pm",
        ]),
        response_time: rand.pick(["Menos de 24 horas", "1 a 2 días", "El mismo día"]),
        image_id: covers[i]!.cover,
        profile_image_id: covers[i]!.badge,
        cover_position_x: rand.int(35, 65),
        cover_position_y: rand.int(35, 65),
        owner_id: ownerId,
        member_count: 0,
      };
    });
    const clubs = await tx<{ id: number; owner_id: number }[]>`
      insert into clubs ${tx(clubRows)} returning id, owner_id`;

    // Memberships (the demo member belongs to a handful), pending requests.
    const memberRows: { club_id: number; user_id: number }[] = [];
    const membersOf = new Map<number, number[]>();
    clubs.forEach((club, i) => {
      const picked = rand.sample(memberIds, rand.int(4, 28)).filter((u) => u !== studentId);
      if (i % 8 === 1) picked.push(studentId);
      membersOf.set(club.id, picked);
      for (const userId of picked) memberRows.push({ club_id: club.id, user_id: userId });
    });
    await tx`insert into club_members ${tx(memberRows)}`;
    await tx`update clubs c set member_count = (select count(*) from club_members m where m.club_id = c.id)
      where c.id in ${tx(clubs.map((c) => c.id))}`;

    const requestRows: { club_id: number; user_id: number }[] = [];
    const requested = new Set<string>();
    const addRequest = (clubId: number, userId: number) => {
      const key = `${clubId}:${userId}`;
      if (requested.has(key) || membersOf.get(clubId)!.includes(userId)) return;
      requested.add(key);
      requestRows.push({ club_id: clubId, user_id: userId });
    };
    addRequest(clubs[0]!.id, studentId);
    addRequest(clubs[20]!.id, studentId);
    // The demo owner's clubs get a few requests to answer.
    for (const club of clubs.filter((c) => c.owner_id === ownerIds[0])) {
      for (const userId of rand.sample(memberIds, 3)) addRequest(club.id, userId);
    }
    for (let i = 0; i < 30; i++) addRequest(rand.pick(clubs).id, rand.pick(memberIds));
    await tx`insert into connection_requests ${tx(requestRows)}`;

    // Posts and events with likes, favourites and comments; counters match the rows.
    const now = Date.now();
    const day = 86_400_000;
    const postRows = clubs.flatMap((club, i) => {
      const seed = CLUB_SEEDS[i]!;
      const templates = POST_TEMPLATES[seed.category];
      const n = rand.int(2, 4);
      const rows = Array.from({ length: n }, (_, k) => {
        const template = templates[k % templates.length]!;
        const created = new Date(now - rand.int(1, 45) * day - rand.int(0, 86_000) * 1000);
        return {
          club_id: club.id,
          author_id: club.owner_id,
          title: template.title,
          short_description: template.body.split(".")[0]!,
          content: `${template.body}\n\n${seed.about}`,
          instagram_url: null as string | null,
          image_id: rand.chance(0.35) ? rand.pick(postImages.get(seed.category)!) : null,
          is_event: false,
          event_date: null as Date | null,
          event_location: null as string | null,
          display_image_first: rand.chance(0.5),
          created_at: created,
        };
      });
      rows.push({
        club_id: club.id,
        author_id: club.owner_id,
        title: `Encuentro abierto: ${seed.name}`,
        short_description: "Vení a conocernos",
        content: `Te invitamos a nuestro encuentro abierto en ${seed.place}. ${seed.about}`,
        instagram_url: null,
        image_id: null,
        is_event: true,
        event_date: new Date(now + rand.int(3, 40) * day + 15 * 3_600_000),
        event_location: seed.place,
        display_image_first: false,
        created_at: new Date(now - rand.int(0, 10) * day),
      });
      return rows;
    });
    const posts = await tx<{ id: number; club_id: number }[]>`
      insert into posts ${tx(plain(postRows))} returning id, club_id`;

    const likeRows: { post_id: number; user_id: number }[] = [];
    const favoriteRows: { post_id: number; user_id: number }[] = [];
    const commentRows: { post_id: number; user_id: number; content: string; created_at: Date }[] = [];
    for (const post of posts) {
      const members = membersOf.get(post.club_id)!;
      for (const userId of rand.sample(members, rand.int(0, Math.min(15, members.length)))) {
        likeRows.push({ post_id: post.id, user_id: userId });
      }
      for (const userId of rand.sample(members, rand.int(0, 3)))
        favoriteRows.push({ post_id: post.id, user_id: userId });
      for (const userId of rand.sample(members, rand.int(0, 4))) {
        commentRows.push({
          post_id: post.id,
          user_id: userId,
          content: rand.pick(COMMENTS),
          created_at: new Date(now - rand.int(0, 20) * day),
        });
      }
    }
    if (likeRows.length) await tx`insert into post_likes ${tx(likeRows)}`;
    if (favoriteRows.length) await tx`insert into post_favorites ${tx(favoriteRows)}`;
    if (commentRows.length) await tx`insert into comments ${tx(plain(commentRows))}`;
    await tx`update posts p set
        like_count = (select count(*) from post_likes l where l.post_id = p.id),
        favorite_count = (select count(*) from post_favorites f where f.post_id = p.id),
        comment_count = (select count(*) from comments c where c.post_id = p.id),
        views = (select count(*) from post_likes l where l.post_id = p.id) * 3 + 7
      where p.id in ${tx(posts.map((p) => p.id))}`;
    await tx`update clubs c set last_activity_at = coalesce(
        (select max(created_at) from posts p where p.club_id = c.id), c.last_activity_at)
      where c.id in ${tx(clubs.map((c) => c.id))}`;

    // Club chats from members, and direct chats between owners and some of their members.
    type MessageRow = {
      sender_id: number;
      recipient_id: number | null;
      club_id: number | null;
      user_low: number | null;
      user_high: number | null;
      content: string;
      created_at: Date;
    };
    const messageRows: MessageRow[] = [];
    const direct = (from: number, to: number, content: string, at: Date) =>
      messageRows.push({
        sender_id: from,
        recipient_id: to,
        club_id: null,
        user_low: Math.min(from, to),
        user_high: Math.max(from, to),
        content,
        created_at: at,
      });
    for (const club of clubs) {
      const members = membersOf.get(club.id)!;
      for (const userId of rand.sample(members, rand.int(0, 5))) {
        messageRows.push({
          sender_id: userId,
          recipient_id: null,
          club_id: club.id,
          user_low: null,
          user_high: null,
          content: rand.pick(CHAT_LINES),
          created_at: new Date(now - rand.int(1, 600) * 60_000),
        });
      }
      for (const userId of rand.sample(members, 2)) {
        direct(userId, club.owner_id, "Hola, ¿cómo puedo ayudar en el club?", new Date(now - 3 * day));
        direct(
          club.owner_id,
          userId,
          "¡Gracias por escribir! Te cuento en la próxima reunión.",
          new Date(now - 2 * day),
        );
      }
    }
    direct(
      studentId,
      ownerIds[0]!,
      "Hola Paola, quiero unirme al club. ¿Qué necesito?",
      new Date(now - 2 * 3_600_000),
    );
    direct(
      ownerIds[0]!,
      studentId,
      "¡Hola Esteban! Solo completá tu perfil y te acepto.",
      new Date(now - 3_600_000),
    );
    // Keep message ids in time order, as the chat pages by id.
    messageRows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    await tx`insert into messages ${tx(plain(messageRows))}`;

    const studentClub = clubs.find((c) => membersOf.get(c.id)!.includes(studentId));
    if (studentClub) {
      await tx`insert into user_notices (user_id, kind, club_id) values (${studentId}, 'request_accepted', ${studentClub.id})`;
    }

    return {
      users: people.length,
      clubs: clubs.length,
      memberships: memberRows.length,
      requests: requestRows.length,
      posts: posts.length,
      events: postRows.filter((p) => p.is_event).length,
      likes: likeRows.length,
      comments: commentRows.length,
      messages: messageRows.length,
      images: covers.length * 2 + categories.length * 2,
    };
  });
  return { seeded: true, counts, ms: Date.now() - started };
}
