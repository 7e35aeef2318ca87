import { m } from "../../../common/messages";
import type { RateLimitName } from "../../config";
import type { AppDeps } from "../../deps";
import { enforceLimits, type Hold, type LimitResult, takeLimits } from "./service";

/**
 * The actions limited per account and per client address, with their settings and 429 message
 * (an action with one setting is limited per account only).
 */
const ACTIONS = {
  messages: ["RATE_MESSAGES_PER_ACCOUNT", "RATE_MESSAGES_PER_ADDRESS"],
  comments: ["RATE_COMMENTS_PER_ACCOUNT", "RATE_COMMENTS_PER_ADDRESS"],
  posts: ["RATE_POSTS_PER_ACCOUNT", "RATE_POSTS_PER_ADDRESS"],
  uploads: ["RATE_UPLOADS_PER_ACCOUNT", "RATE_UPLOADS_PER_ADDRESS"],
  connectionRequests: ["RATE_CONNECTION_REQUESTS_PER_ACCOUNT", "RATE_CONNECTION_REQUESTS_PER_ADDRESS"],
  clubCreates: ["RATE_CLUB_CREATES_PER_ACCOUNT", "RATE_CLUB_CREATES_PER_ADDRESS"],
  clubEdits: ["RATE_CLUB_EDITS_PER_ACCOUNT", "RATE_CLUB_EDITS_PER_ADDRESS"],
  officerChanges: ["RATE_OFFICER_CHANGES_PER_ACCOUNT", "RATE_OFFICER_CHANGES_PER_ADDRESS"],
  handovers: ["RATE_HANDOVERS_PER_ACCOUNT", "RATE_HANDOVERS_PER_ADDRESS"],
  reactions: ["RATE_REACTIONS_PER_ACCOUNT", "RATE_REACTIONS_PER_ADDRESS"],
  pollVotes: ["RATE_POLL_VOTES_PER_ACCOUNT", "RATE_POLL_VOTES_PER_ADDRESS"],
  messageReactions: ["RATE_MESSAGE_REACTIONS_PER_ACCOUNT", "RATE_MESSAGE_REACTIONS_PER_ADDRESS"],
  messageEdits: ["RATE_MESSAGE_EDITS_PER_ACCOUNT", "RATE_MESSAGE_EDITS_PER_ADDRESS"],
  calendarFeeds: ["RATE_CALENDAR_FEEDS_PER_ACCOUNT", "RATE_CALENDAR_FEEDS_PER_ADDRESS"],
  checkIns: ["RATE_CHECK_INS_PER_ACCOUNT", "RATE_CHECK_INS_PER_ADDRESS"],
  languageChanges: ["RATE_LANGUAGE_CHANGES_PER_ACCOUNT", "RATE_LANGUAGE_CHANGES_PER_ADDRESS"],
  pushSubscriptions: ["RATE_PUSH_SUBSCRIPTIONS_PER_ACCOUNT", "RATE_PUSH_SUBSCRIPTIONS_PER_ADDRESS"],
  // Per account only: the point is one account walking through sequential profile ids.
  profileReads: ["RATE_PROFILE_READS_PER_ACCOUNT"],
  // Marking notices read (one or all): cheap writes, but a script could repeat them forever.
  noticeReads: ["RATE_NOTICE_READS_PER_ACCOUNT"],
} as const satisfies Record<string, readonly [RateLimitName, RateLimitName?]>;

export type LimitedAction = keyof typeof ACTIONS;

type Deps = Pick<AppDeps, "db" | "config">;

/** Counts one `action` for the account and for the address; 429 with Retry-After past either limit. */
export async function limitAction({
  deps,
  action,
  userId,
  address,
}: {
  deps: Deps;
  action: LimitedAction;
  userId: number;
  address?: string;
}): Promise<Hold[]> {
  const [perAccount, perAddress]: readonly [RateLimitName, RateLimitName?] = ACTIONS[action];
  const checks = [{ key: `${action}:u:${userId}`, rate: deps.config[perAccount] }];
  if (perAddress && address !== undefined) {
    checks.push({ key: `${action}:a:${address}`, rate: deps.config[perAddress] });
  }
  return await enforceLimits({
    db: deps.db,
    checks,
    detail: () => m.rateLimits[action],
  });
}

/**
 * The language link (`GET /lang/{locale}`), which guests use too: counted per client address
 * only, apart from the signed-in save (`languageChanges`), so a signed-in switch (the save, then
 * the link) counts once on each.
 */
export async function limitLanguageSwitch({ deps, address }: { deps: Deps; address: string }): Promise<void> {
  await enforceLimits({
    db: deps.db,
    checks: [{ key: `languageSwitches:a:${address}`, rate: deps.config.RATE_LANGUAGE_SWITCHES_PER_ADDRESS }],
    detail: () => m.rateLimits.languageSwitches,
  });
}

/**
 * The digest's unsubscribe link (GET and POST), which works signed out: counted per client
 * address, so one network cannot walk through guessed tokens.
 */
export async function limitDigestUnsubscribe({
  deps,
  address,
}: {
  deps: Deps;
  address: string;
}): Promise<void> {
  await enforceLimits({
    db: deps.db,
    checks: [
      { key: `digestUnsubscribes:a:${address}`, rate: deps.config.RATE_DIGEST_UNSUBSCRIBES_PER_ADDRESS },
    ],
    detail: () => m.rateLimits.digestUnsubscribes,
  });
}

/** Signups from one address; asking for the owner role is limited further. */
export async function limitSignup({
  deps,
  address,
  owner,
}: {
  deps: Deps;
  address: string;
  owner: boolean;
}): Promise<void> {
  await enforceLimits({
    db: deps.db,
    checks: [{ key: `signups:a:${address}`, rate: deps.config.RATE_SIGNUPS_PER_ADDRESS }],
    detail: () => m.rateLimits.signups,
  });
  if (!owner) return;
  await enforceLimits({
    db: deps.db,
    checks: [{ key: `owner-requests:a:${address}`, rate: deps.config.RATE_OWNER_REQUESTS_PER_ADDRESS }],
    detail: () => m.rateLimits.ownerRequests,
  });
}

/**
 * E-mails to one address, whichever account asks. The caller decides whether a refusal is a
 * 429 (the signed-in user asked) or a silent skip (the answer must not tell anything).
 */
export async function takeMailTo({ deps, address }: { deps: Deps; address: string }): Promise<LimitResult> {
  return await takeLimits(deps.db, [
    { key: `mails:to:${address.trim().toLowerCase()}`, rate: deps.config.RATE_MAILS_PER_RECIPIENT },
  ]);
}

/**
 * "Download my data" requests, per account only: the call needs an account, and each file reads
 * everything the person has, so the limit is about the work, not about abuse from one network.
 */
export async function limitDataExports({ deps, userId }: { deps: Deps; userId: number }): Promise<Hold[]> {
  return await enforceLimits({
    db: deps.db,
    checks: [{ key: `data-exports:u:${userId}`, rate: deps.config.RATE_DATA_EXPORTS_PER_ACCOUNT }],
    detail: () => m.dataExport.tooMany,
  });
}

/** A request that carries a file (an image) counts as an upload: `{ action: "uploads", when: carriesFile }`. */
export function carriesFile({ body }: { body: unknown }): boolean {
  if (!body || typeof body !== "object") return false;
  return Object.values(body).some((value) => value instanceof Blob && value.size > 0);
}

export const uploadsNote =
  "A request carrying an image counts as an upload, limited per account (RATE_UPLOADS_PER_ACCOUNT, default 20 an hour) and per client address (RATE_UPLOADS_PER_ADDRESS, default 300 an hour): past either 429 with Retry-After.";
