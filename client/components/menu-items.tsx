import type { MenuAction } from "./action-menu";

/**
 * What the app's two menus (the ⋯ action menu and a chat bubble's menu) share: the item for an
 * action, and which item an arrow, Home or End key moves to (WAI-ARIA menu pattern).
 */
export function MenuActionItem({ action, onClose }: { action: MenuAction; onClose: () => void }) {
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      data-menu-item=""
      className={action.danger ? "action-menu__item action-menu__item--danger" : "action-menu__item"}
      aria-disabled={action.disabled || undefined}
      onClick={() => {
        if (action.disabled) return;
        // Focus goes back to what opened the menu first, so a dialog the action opens returns it there.
        onClose();
        action.onSelect();
      }}
    >
      {action.label}
    </button>
  );
}

/** The index a key moves focus to among `count` items from `at`, or null for any other key. */
export function nextMenuIndex(
  key: string,
  at: number,
  count: number,
  orientation: "vertical" | "horizontal" = "vertical",
): number | null {
  const [back, forward] =
    orientation === "horizontal" ? ["ArrowLeft", "ArrowRight"] : ["ArrowUp", "ArrowDown"];
  if (key === forward) return (at + 1) % count;
  if (key === back) return (at - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}
