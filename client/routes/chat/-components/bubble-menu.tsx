import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { REACTION_EMOJIS } from "../../../../common/api/chat";
import { format, m } from "../../../../common/messages";
import type { MenuAction } from "../../../components/action-menu";
import { MenuActionItem, nextMenuIndex } from "../../../components/menu-items";
import { placeMenu, type Rect } from "../-lib/place-menu";

const t = m.chatPage;

export type BubbleMenuMode = "menu" | "react";

/**
 * A chat bubble's menu, opened by long-press, right-click, the hover button or Enter. Fixed to
 * the screen (the scrolling list does not clip a fixed box), placed below the bubble, or above
 * it when the composer is near (../-lib/place-menu.ts), and on top of the composer.
 * In "react" mode it is the picker of the six reactions, a row operated with the arrows.
 * Escape, Tab or a press elsewhere closes it, and focus goes back to the bubble.
 */
export function BubbleMenu({
  anchor,
  anchorOf,
  boundary,
  alignEnd,
  mode,
  actions,
  myReactions,
  onReact,
  onClose,
}: {
  anchor: Rect;
  /** The bubble's place now: the list can move under an open menu (a message arrives, a chip goes). */
  anchorOf?: () => Rect | null;
  /** The scrolling list: the menu stays within it where it can (not over the composer). */
  boundary: Element | null;
  /** The user's own bubble (right side): the menu lines up with its right edge. */
  alignEnd: boolean;
  mode: BubbleMenuMode;
  actions: MenuAction[];
  myReactions: Set<string>;
  onReact: (emoji: string) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const [at, setAt] = useState(anchor);
  const close = useRef(onClose);
  close.current = onClose;
  const anchorOfRef = useRef(anchorOf);
  anchorOfRef.current = anchorOf;

  // biome-ignore lint/correctness/useExhaustiveDependencies: placed again when the mode changes its size
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const bounds = boundary?.getBoundingClientRect();
    setPlace(
      placeMenu({
        anchor: at,
        size: { width: el.offsetWidth, height: el.offsetHeight },
        viewport: { width: window.innerWidth, height: window.innerHeight },
        boundary: bounds ? { top: bounds.top, bottom: bounds.bottom } : null,
        alignEnd,
      }),
    );
  }, [at, boundary, alignEnd, mode]);

  // Focus moves in the same commit as the menu appears (not in a later effect), so a key pressed
  // right after the one that opened it lands in the menu, not on the bubble.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the first item of each mode
  useLayoutEffect(() => {
    const items = ref.current?.querySelectorAll<HTMLElement>("[data-menu-item]");
    const pressed = ref.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (pressed ?? items?.[0])?.focus({ preventScroll: true });
  }, [mode]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element;
      if (ref.current?.contains(target)) return;
      // The ⋯ button beside the bubble toggles the menu itself.
      const toggle = target.closest?.(".bubble-row__more");
      if (toggle && ref.current?.parentElement?.contains(toggle)) return;
      close.current();
    };
    // A person scrolling the list (wheel, finger) or resizing the window leaves the menu: it
    // closes. The list moving by itself (focusing a bubble scrolls it into view, a message
    // arrives, a reaction chip goes) keeps it open, placed again beside its bubble.
    const onScroll = () => {
      const now = anchorOfRef.current?.();
      if (now) setAt(now);
    };
    const onMove = () => close.current();
    document.addEventListener("pointerdown", onPointer);
    boundary?.addEventListener("scroll", onScroll);
    boundary?.addEventListener("wheel", onMove, { passive: true });
    boundary?.addEventListener("touchmove", onMove, { passive: true });
    window.addEventListener("resize", onMove);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      boundary?.removeEventListener("scroll", onScroll);
      boundary?.removeEventListener("wheel", onMove);
      boundary?.removeEventListener("touchmove", onMove);
      window.removeEventListener("resize", onMove);
    };
  }, [boundary]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(ref.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = nextMenuIndex(event.key, at, items.length, mode === "react" ? "horizontal" : "vertical");
    if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (next !== null) {
      event.preventDefault();
      items[next]?.focus();
    }
  };

  // Measured off screen first (still focusable, unlike a hidden box), then placed.
  const style = place ? { top: place.top, left: place.left } : { top: -10_000, left: 0 };

  return (
    <div
      ref={ref}
      role="menu"
      aria-label={mode === "react" ? t.reactions : t.messageActions}
      aria-orientation={mode === "react" ? "horizontal" : "vertical"}
      className={mode === "react" ? "bubble-menu bubble-menu--react" : "bubble-menu"}
      data-testid="bubble-menu"
      style={style}
      onKeyDown={onKeyDown}
    >
      {mode === "react"
        ? REACTION_EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              role="menuitemcheckbox"
              aria-checked={myReactions.has(emoji)}
              aria-label={format(t.reactWith, { emoji })}
              tabIndex={-1}
              data-menu-item=""
              className="bubble-menu__emoji"
              onClick={() => {
                onClose();
                onReact(emoji);
              }}
            >
              {emoji}
            </button>
          ))
        : actions.map((action) => <MenuActionItem key={action.label} action={action} onClose={onClose} />)}
    </div>
  );
}
