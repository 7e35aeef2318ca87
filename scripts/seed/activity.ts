import { managuaDay, managuaMidnight } from "../../common/datetime";
import { CHAT_LINES, COMMENTS, POST_TEMPLATES } from "./activity-data";
import type { SeededClub } from "./club-rows";
import { CLUB_SEEDS } from "./club-seeds";
import type { Pictures } from "./pictures";
import type { Random } from "./random";

const DAY = 86_400_000;

// When student clubs meet, in Managua time: after classes on weekdays, mornings too.
const EVENT_TIMES: [hour: number, minute: number][] = [
  [9, 0],
  [10, 0],
  [14, 0],
  [15, 30],
  [16, 0],
  [17, 0],
  [18, 0],
];

/** An upcoming event `days` ahead of `now`, at one of the usual local hours. */
function eventDate(rand: Random, now: number, days: number): Date {
  const [year, month, day] = managuaDay(new Date(now)).split("-").map(Number) as [number, number, number];
  const [hour, minute] = rand.pick(EVENT_TIMES);
  return new Date(managuaMidnight(year, month, day + days).getTime() + (hour * 60 + minute) * 60_000);
}

/** Two to four posts per club over the last 45 days, plus one upcoming event. */
export function buildPosts({
  rand,
  clubs,
  pictures,
  now,
}: {
  rand: Random;
  clubs: SeededClub[];
  pictures: Pictures;
  now: number;
}) {
  return clubs.flatMap((club, i) => {
    const seed = CLUB_SEEDS[i]!;
    const templates = POST_TEMPLATES[seed.category];
    const rows = Array.from({ length: rand.int(2, 4) }, (_, k) => {
      const template = templates[k % templates.length]!;
      return {
        club_id: club.id,
        author_id: club.owner_id,
        title: template.title,
        short_description: template.body.split(".")[0]!,
        content: `${template.body}\n\n${seed.about}`,
        instagram_url: null as string | null,
        image_id: rand.chance(0.35) ? rand.pick(pictures.posts.get(seed.category)!) : null,
        is_event: false,
        event_date: null as Date | null,
        event_location: null as string | null,
        display_image_first: rand.chance(0.5),
        created_at: new Date(now - rand.int(1, 45) * DAY - rand.int(0, 86_000) * 1000),
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
      event_date: eventDate(rand, now, rand.int(3, 40)),
      event_location: seed.place,
      display_image_first: false,
      created_at: new Date(now - rand.int(0, 10) * DAY),
    });
    return rows;
  });
}

/** Likes, favourites and comments by each club's members. */
export function buildReactions({
  rand,
  posts,
  membersOf,
  now,
}: {
  rand: Random;
  posts: { id: number; club_id: number }[];
  membersOf: Map<number, number[]>;
  now: number;
}) {
  const likes: { post_id: number; user_id: number }[] = [];
  const favorites: { post_id: number; user_id: number }[] = [];
  const comments: { post_id: number; user_id: number; content: string; created_at: Date }[] = [];
  for (const post of posts) {
    const members = membersOf.get(post.club_id)!;
    for (const userId of rand.sample(members, rand.int(0, Math.min(15, members.length)))) {
      likes.push({ post_id: post.id, user_id: userId });
    }
    for (const userId of rand.sample(members, rand.int(0, 3)))
      favorites.push({ post_id: post.id, user_id: userId });
    for (const userId of rand.sample(members, rand.int(0, 4))) {
      comments.push({
        post_id: post.id,
        user_id: userId,
        content: rand.pick(COMMENTS),
        created_at: new Date(now - rand.int(0, 20) * DAY),
      });
    }
  }
  return { likes, favorites, comments };
}

export type MessageRow = {
  sender_id: number;
  recipient_id: number | null;
  club_id: number | null;
  user_low: number | null;
  user_high: number | null;
  content: string;
  created_at: Date;
};

/** Club chats from members (owners do not use their club's chat) and owner–member direct chats. */
export function buildMessages({
  rand,
  clubs,
  membersOf,
  studentId,
  demoOwnerId,
  now,
}: {
  rand: Random;
  clubs: SeededClub[];
  membersOf: Map<number, number[]>;
  studentId: number;
  demoOwnerId: number;
  now: number;
}): MessageRow[] {
  const rows: MessageRow[] = [];
  const direct = (from: number, to: number, content: string, at: Date) =>
    rows.push({
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
      rows.push({
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
      direct(userId, club.owner_id, "Hola, ¿cómo puedo ayudar en el club?", new Date(now - 3 * DAY));
      direct(
        club.owner_id,
        userId,
        "¡Gracias por escribir! Te cuento en la próxima reunión.",
        new Date(now - 2 * DAY),
      );
    }
  }
  direct(
    studentId,
    demoOwnerId,
    "Hola Paola, quiero unirme al club. ¿Qué necesito?",
    new Date(now - 7_200_000),
  );
  direct(
    demoOwnerId,
    studentId,
    "¡Hola Esteban! Solo completá tu perfil y te acepto.",
    new Date(now - 3_600_000),
  );
  // Ids in time order, as the chat pages by id.
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}
