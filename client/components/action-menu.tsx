import MoreHorizontal from "lucide-react/icons/more-horizontal";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { MenuActionItem, nextMenuIndex } from "./menu-items";

export type MenuAction = { label: string; onSelect: () => void; danger?: boolean; disabled?: boolean };

/**
 * A "more actions" button with a small menu (ARIA menu button pattern): Enter, Space or a click
 * opens it with focus on the first item; arrows move, Esc closes and gives focus back, a click
 * elsewhere closes it. Keeps rarely used and destructive actions out of the row.
 */
export function ActionMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = nextMenuIndex(event.key, at, items.length);
    if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") event.preventDefault();
      close();
    } else if (next !== null) {
      event.preventDefault();
      items[next]?.focus();
    }
  };

  return (
    <div className="action-menu">
      <button
        ref={button}
        type="button"
        className="icon-button action-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <MoreHorizontal aria-hidden="true" size={20} />
      </button>
      {open ? (
        <div
          ref={menu}
          id={id}
          role="menu"
          aria-label={label}
          className="action-menu__list"
          onKeyDown={onKeyDown}
        >
          {actions.map((action) => (
            <MenuActionItem key={action.label} action={action} onClose={close} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
