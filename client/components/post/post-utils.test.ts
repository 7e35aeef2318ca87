import { describe, expect, test } from "bun:test";
import type { FeedPost } from "../../../common/api/posts";
import {
  claimView,
  instagramPermalink,
  mergeFeed,
  postHeading,
  prependFresh,
  validatePostDraft,
} from "./post-utils";

function post(id: number, extra: Partial<FeedPost> = {}): FeedPost {
  return {
    id,
    club_id: 1,
    club_name: "Club",
    club_image_url: null,
    club_cover_url: null,
    title: `Post ${id}`,
    short_description: null,
    content: null,
    instagram_url: null,
    image_url: null,
    thumbnail_url: null,
    media: [],
    is_event: false,
    event_date: null,
    event_location: null,
    capacity: null,
    going_count: 0,
    waitlist_count: 0,
    my_rsvp: null,
    poll_id: null,
    display_image_first: true,
    created_at: "2026-01-01T00:00:00.000Z",
    like_count: 0,
    liked_by_me: false,
    favorite_count: 0,
    favorited_by_me: false,
    comment_count: 0,
    views: 0,
    can_edit: false,
    can_check_in: false,
    pending_review: false,
    ...extra,
  };
}

describe("mergeFeed", () => {
  test("known posts keep their place and take new counts; unseen posts come back as fresh", () => {
    const shown = [post(1), post(2), post(3)];
    const incoming = [post(4), post(3, { like_count: 7 }), post(1), post(2, { comment_count: 2 })];
    const { posts, fresh } = mergeFeed(shown, incoming);
    expect(posts.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(posts[2]!.like_count).toBe(7);
    expect(posts[1]!.comment_count).toBe(2);
    expect(posts[0]).toBe(shown[0]!);
    expect(fresh.map((p) => p.id)).toEqual([4]);
  });

  test("returns the same array when nothing changed (no re-render)", () => {
    const shown = [post(1), post(2)];
    expect(mergeFeed(shown, [post(1), post(2)]).posts).toBe(shown);
  });

  test("a post with a reaction in flight keeps its optimistic like and favorite", () => {
    const shown = [post(1, { like_count: 5, liked_by_me: true })];
    const incoming = [post(1, { like_count: 4, liked_by_me: false, comment_count: 3 })];
    const merged = mergeFeed(shown, incoming, new Set([1])).posts[0]!;
    expect(merged.like_count).toBe(5);
    expect(merged.liked_by_me).toBe(true);
    expect(merged.comment_count).toBe(3);
  });

  test("posts missing from the refresh stay (the reader may be looking at them)", () => {
    const shown = [post(1), post(2)];
    expect(mergeFeed(shown, [post(1)]).posts.map((p) => p.id)).toEqual([1, 2]);
  });
});

test("prependFresh puts new posts first without duplicates", () => {
  expect(prependFresh([post(1), post(2)], [post(3), post(1)]).map((p) => p.id)).toEqual([3, 1, 2]);
});

describe("validatePostDraft", () => {
  const empty = {
    title: "",
    short_description: "",
    content: "  ",
    instagram_url: "",
    hasImage: false,
    is_event: false,
    event_date: "",
  };
  test("a post needs text, an Instagram URL or an image", () => {
    expect(validatePostDraft(empty)).toEqual([
      { field: "content", message: "Please add text, an Instagram URL, or upload an image." },
    ]);
    expect(validatePostDraft({ ...empty, content: "Hi" })).toEqual([]);
    expect(validatePostDraft({ ...empty, instagram_url: "instagram.com/p/abcde" })).toEqual([]);
    expect(validatePostDraft({ ...empty, hasImage: true })).toEqual([]);
  });
  test("an event needs a date", () => {
    expect(validatePostDraft({ ...empty, title: "Party", is_event: true })).toEqual([
      { field: "event_date", message: "Please select a date" },
    ]);
    expect(
      validatePostDraft({ ...empty, title: "Party", is_event: true, event_date: "2026-03-01T18:00" }),
    ).toEqual([]);
  });
});

test("only the canonical Instagram address is embedded", () => {
  expect(instagramPermalink("https://www.instagram.com/p/CxYz12345/")).toBe(
    "https://www.instagram.com/p/CxYz12345/",
  );
  expect(instagramPermalink("https://evil.example/p/CxYz12345/")).toBeNull();
  expect(instagramPermalink("javascript:alert(1)")).toBeNull();
  expect(instagramPermalink(null)).toBeNull();
});

test("postHeading falls back to the short description, then the club", () => {
  expect(postHeading({ title: "T", short_description: "S", club_name: "C" })).toBe("T");
  expect(postHeading({ title: " ", short_description: "S", club_name: "C" })).toBe("S");
  expect(postHeading({ title: null, short_description: null, club_name: "C" })).toBe("C");
});

test("claimView is true once per post per session", () => {
  const data = new Map<string, string>();
  const store = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
  expect(claimView(7, store)).toBe(true);
  expect(claimView(7, store)).toBe(false);
  expect(claimView(8, store)).toBe(true);
  expect(claimView(9, null)).toBe(true);
});
