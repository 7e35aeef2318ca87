import { getRouteApi, Link } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FeedPost } from "../../../../common/api/posts";
import { m } from "../../../../common/messages";
import { Alert } from "../../../components/form";
import type { PostPatch } from "../../../components/post/post-modal";
import { useSession } from "../../../components/session-provider";
import { LazyPart } from "../../../lib/lazy-parts";
import { postDialog } from "../-lib/lazy-parts";
import { InlinePost, PostList } from "./club-post-list";

const route = getRouteApi("/clubs/$clubId");
const _t = m.clubPage;
const p = m.postDialog;

/**
 * The club's posts (Posts tab) and the opened post (`?post=<id>`, on any tab). Each card is a
 * link to `?tab=posts&post=<id>`: with JavaScript it opens the shared post dialog at once (the
 * URL follows with replace, and closing removes the parameter); without it, or before the page
 * has hydrated, the server shows the post's text in the page with a link to close it.
 * Likes, saves and comment counts changed in the dialog are kept here (`overrides`) until the
 * next load brings the server's numbers.
 */
export function ClubPosts({
  clubId,
  posts,
  openPost,
  showList,
  canManage = false,
}: {
  clubId: string;
  posts: FeedPost[] | null;
  openPost: FeedPost | null;
  showList: boolean;
  /** An officer with `post` deletes the club's posts from the dialog's menu, as its owner does. */
  canManage?: boolean;
}) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { user, ready } = useSession();
  const pending = useRef(new Set<number>()).current;
  const [openId, setOpenId] = useState<number | null>(search.post ?? null);
  const [clicked, setClicked] = useState<FeedPost | null>(null);
  const [overrides, setOverrides] = useState<Record<number, Partial<FeedPost>>>({});

  // The URL decides on load, on back/forward and after a deep link.
  useEffect(() => {
    setOpenId(search.post ?? null);
  }, [search.post]);

  const openRef = useRef(openId);
  openRef.current = openId;

  // Fresh data from the server replaces local changes, except on the open post (its data may
  // have left before its view, like or comment landed) and reactions still in flight.
  useEffect(() => {
    if (!posts && !openPost) return;
    setOverrides((prev) => {
      const kept = Object.entries(prev).filter(
        ([id]) => pending.has(Number(id)) || Number(id) === openRef.current,
      );
      return kept.length === Object.keys(prev).length ? prev : Object.fromEntries(kept);
    });
  }, [posts, openPost, pending]);

  const base = (id: number): FeedPost | null =>
    posts?.find((post) => post.id === id) ??
    (openPost?.id === id ? openPost : null) ??
    (clicked?.id === id ? clicked : null);
  const baseRef = useRef(base);
  baseRef.current = base;

  const patch = useCallback((id: number, change: PostPatch) => {
    setOverrides((prev) => {
      const found = baseRef.current(id);
      if (!found) return prev;
      const next = typeof change === "function" ? change({ ...found, ...prev[id] }) : change;
      return { ...prev, [id]: { ...prev[id], ...next } };
    });
  }, []);

  const close = useCallback(() => {
    const id = openId;
    setOpenId(null);
    void navigate({
      search: (prev) => ({ ...prev, post: undefined }),
      replace: true,
      resetScroll: false,
    });
    // The dialog gives focus back to the card that opened it; after a deep link nothing did,
    // so the post's card takes it when it is on the page.
    requestAnimationFrame(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      document.querySelector<HTMLElement>(`[data-post-link="${id}"]`)?.focus();
    });
  }, [navigate, openId]);

  // Posts deleted from their ⋯ menu leave the list at once; the next load agrees.
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const found = openId === null ? null : base(openId);
  const shown = found && openId !== null ? { ...found, ...overrides[openId] } : null;
  const closeSearch = { tab: search.tab, post: undefined };

  return (
    <>
      {openId !== null && !shown ? (
        <Alert>
          {p.notFound}{" "}
          <Link to="/clubs/$clubId" params={{ clubId }} search={closeSearch} onClick={() => setOpenId(null)}>
            {p.close}
          </Link>
        </Alert>
      ) : null}
      {shown && !ready ? <InlinePost post={shown} clubId={clubId} closeSearch={closeSearch} /> : null}
      {shown && ready ? (
        // The dialog's code loads the first time a post opens: the post stays in the page meanwhile.
        <LazyPart
          parts={postDialog}
          fallback={<InlinePost post={shown} clubId={clubId} closeSearch={closeSearch} />}
        >
          {({ PostModal }) => (
            <PostModal
              post={shown}
              isAdmin={user?.role === "admin"}
              canManage={canManage}
              pending={pending}
              onPatch={patch}
              onClose={close}
              onDeleted={(id) => {
                setDeleted((ids) => new Set([...ids, id]));
                close();
              }}
            />
          )}
        </LazyPart>
      ) : null}
      {showList ? (
        <PostList
          clubId={clubId}
          posts={posts?.filter((post) => !deleted.has(post.id)) ?? null}
          onOpen={(post) => {
            setClicked(post);
            setOpenId(post.id);
          }}
        />
      ) : null}
    </>
  );
}
