export type Rect = { top: number; bottom: number; left: number; right: number };

/** Space kept between the menu and the edges of the screen. */
const MENU_MARGIN = 8;
const GAP = 4;

/**
 * Where a bubble's menu goes (fixed position): below the bubble when it fits above the bottom
 * of the message list (so it never sits over the composer), else above it (the last messages,
 * just over the composer), else wherever the screen has room; always whole on the screen.
 * Lined up with the bubble's start, or its end for the user's own (right-hand) bubbles.
 */
export function placeMenu({
  anchor,
  size,
  viewport,
  boundary,
  alignEnd,
}: {
  anchor: Rect;
  size: { width: number; height: number };
  viewport: { width: number; height: number };
  boundary: { top: number; bottom: number } | null;
  alignEnd: boolean;
}): { top: number; left: number } {
  const floor = Math.min(boundary?.bottom ?? viewport.height, viewport.height) - MENU_MARGIN;
  const ceiling = Math.max(boundary?.top ?? 0, 0) + MENU_MARGIN;
  const below = anchor.bottom + GAP;
  const above = anchor.top - GAP - size.height;
  let top: number;
  if (below + size.height <= floor) top = below;
  else if (above >= ceiling) top = above;
  // A bubble taller than the list: over its middle, within the list where possible.
  else top = Math.max(ceiling, floor - size.height);
  top = clamp(top, MENU_MARGIN, viewport.height - size.height - MENU_MARGIN);
  const left = clamp(
    alignEnd ? anchor.right - size.width : anchor.left,
    MENU_MARGIN,
    viewport.width - size.width - MENU_MARGIN,
  );
  return { top, left };
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, Math.max(min, max)));
}
