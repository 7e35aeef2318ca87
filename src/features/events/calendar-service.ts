import { randomBytes } from "node:crypto";
import { format, m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import type { Database } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import {
  clubName,
  ensureFeedToken,
  findFeedOwner,
  findFeedToken,
  listClubEventDetails,
  listGoingEventDetails,
  saveFeedToken,
} from "./calendar-queries";
import { eventUrl } from "./emails";
import { type IcsEvent, renderCalendar } from "./ics";
import { publicBaseUrl } from "./mail-jobs";
import { type EventDetails, findEventDetails } from "./queries";

/** Feeds show the last 90 days too, so an event stays in the calendar after it happened. */
const PAST_DAYS = 90;
const FEED_LIMIT = 500;

function since(): Date {
  return new Date(Date.now() - PAST_DAYS * 24 * 60 * 60 * 1000);
}

function toIcsEvent(row: EventDetails, baseUrl: string, host: string): IcsEvent {
  return {
    uid: `event-${row.id}@${host}`,
    start: row.eventDate ?? row.updatedAt,
    title: row.title ?? m.events.untitledEvent,
    description: [row.shortDescription, row.content].filter(Boolean).join("\n\n") || null,
    location: row.eventLocation,
    url: eventUrl(baseUrl, { clubId: row.clubId, postId: row.id }),
    updatedAt: row.updatedAt,
  };
}

function render(config: AppDeps["config"], name: string, rows: EventDetails[]): string {
  const baseUrl = publicBaseUrl(config);
  const host = new URL(baseUrl).host;
  return renderCalendar({ name, events: rows.map((row) => toIcsEvent(row, baseUrl, host)) });
}

export async function clubCalendar({
  db,
  config,
  clubId,
}: {
  db: Database;
  config: AppDeps["config"];
  clubId: number;
}) {
  const name = await clubName(db, clubId);
  if (name === null) throw new NotFound(m.posts.clubNotFound);
  const rows = await listClubEventDetails(db, clubId, since(), FEED_LIMIT);
  return render(config, format(m.events.calendarName, { club: name }), rows);
}

export async function eventCalendar({
  db,
  config,
  postId,
}: {
  db: Database;
  config: AppDeps["config"];
  postId: number;
}) {
  const row = await findEventDetails(db, postId);
  // Anyone may download it (no session), so a held event (a watched word) is not there yet.
  if (!row?.eventDate || row.held) throw new NotFound(m.events.eventNotFound);
  return render(config, row.title ?? m.events.untitledEvent, [row]);
}

/** The personal feed: `<token>.ics`. An unknown or replaced token is 404, like any missing page. */
export async function personalCalendar({
  db,
  config,
  file,
}: {
  db: Database;
  config: AppDeps["config"];
  file: string;
}) {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : file;
  const userId = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await findFeedOwner(db, token) : null;
  if (userId === null) throw new NotFound(m.events.feedNotFound);
  const rows = await listGoingEventDetails(db, userId, since(), FEED_LIMIT);
  return render(config, m.events.personalCalendarName, rows);
}

function feedUrl(config: AppDeps["config"], token: string) {
  return `${publicBaseUrl(config)}/calendar/${token}.ics`;
}

/** The user's feed address, made on first use. */
export async function getFeedUrl({
  db,
  config,
  user,
}: {
  db: Database;
  config: AppDeps["config"];
  user: SessionUser;
}) {
  const token =
    (await findFeedToken(db, user.id)) ??
    (await ensureFeedToken(db, user.id, randomBytes(24).toString("base64url")));
  return { url: feedUrl(config, token) };
}

/** A new address; the old one is revoked (404) at once. */
export async function regenerateFeedUrl({
  db,
  config,
  user,
}: {
  db: Database;
  config: AppDeps["config"];
  user: SessionUser;
}) {
  const token = randomBytes(24).toString("base64url");
  await saveFeedToken(db, user.id, token);
  return { url: feedUrl(config, token) };
}
