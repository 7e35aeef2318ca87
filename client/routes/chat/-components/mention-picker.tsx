import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import type { MentionableMember } from "../../../../common/api/mentions";
import { findTypedMention } from "../../../../common/mentions";
import { m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { useApi } from "../../../lib/use-resource";

const t = m.mentions;
/** Milliseconds of quiet typing before the list is asked for. */
const ASK_AFTER_MS = 150;

type Typed = { start: number; query: string };

export type MentionPicker = {
  /** ARIA combobox attributes for the message box (none outside a club chat). */
  inputProps: Record<string, string | boolean | undefined>;
  /** The box's text or caret moved. */
  onInput: (value: string, caret: number) => void;
  /** Arrows, Enter/Tab and Escape while the list is open; true when the key was the list's. */
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => boolean;
  /** The list (a listbox), or nothing while closed. */
  list: ReactNode;
};

/**
 * The composer's @ list in a club chat (the ARIA combobox pattern on the message box): typing
 * `@` and letters lists the club's matching members (GET /api/clubs/{id}/members?q=); arrows
 * move, Enter or Tab picks, Escape closes, a click picks. Picking puts `@username ` in place of
 * what was typed.
 */
export function useMentionPicker({
  clubId,
  value,
  onPick,
}: {
  clubId: number | null;
  value: string;
  /** The new text and where the caret goes. */
  onPick: (text: string, caret: number) => void;
}): MentionPicker {
  const api = useApi();
  const id = useId();
  const [typed, setTyped] = useState<Typed | null>(null);
  const [members, setMembers] = useState<MentionableMember[]>([]);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);

  const query = typed?.query ?? null;
  useEffect(() => {
    if (clubId === null || query === null) {
      setMembers([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .get<MentionableMember[]>(`/api/clubs/${clubId}/members?q=${encodeURIComponent(query)}`, {
          signal: controller.signal,
        })
        .then((found) => {
          setMembers(found);
          setActive(0);
        })
        .catch(() => {
          if (!controller.signal.aborted) setMembers([]);
        });
    }, ASK_AFTER_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, clubId, query]);

  const open = clubId !== null && typed !== null && dismissed !== typed.start;
  const shown = open ? members : [];
  const optionId = (index: number) => `${id}-option-${index}`;

  const pick = (member: MentionableMember) => {
    if (!typed) return;
    const end = typed.start + 1 + typed.query.length;
    const insert = `@${member.username} `;
    onPick(value.slice(0, typed.start) + insert + value.slice(end), typed.start + insert.length);
    setTyped(null);
  };

  if (clubId === null) {
    return { inputProps: {}, onInput: () => {}, onKeyDown: () => false, list: null };
  }

  const expanded = open && (shown.length > 0 || typed.query.length > 0);
  return {
    inputProps: {
      role: "combobox",
      "aria-autocomplete": "list",
      "aria-expanded": expanded,
      "aria-controls": `${id}-list`,
      "aria-activedescendant": expanded && shown.length > 0 ? optionId(active) : undefined,
    },
    onInput: (text, caret) => {
      const next = findTypedMention(text, caret);
      setTyped(next);
      if (!next) setDismissed(null);
    },
    onKeyDown: (event) => {
      if (!open || event.nativeEvent.isComposing) return false;
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissed(typed.start);
        return true;
      }
      if (shown.length === 0) return false;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((index) => (index + step + shown.length) % shown.length);
        return true;
      }
      if ((event.key === "Enter" && !event.shiftKey) || event.key === "Tab") {
        event.preventDefault();
        const member = shown[active];
        if (member) pick(member);
        return true;
      }
      return false;
    },
    list: (
      <div className="mention-picker" hidden={!expanded}>
        <div id={`${id}-list`} role="listbox" aria-label={t.suggestions} className="mention-picker__list">
          {shown.map((member, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard picks from the message box (aria-activedescendant), as the combobox pattern has it
            <div
              key={member.id}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? "mention-picker__option is-active" : "mention-picker__option"}
              // Keeps focus (and the caret) in the message box.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
            >
              <Avatar src={member.picture_url} name={member.display_name} size={24} />
              <span className="mention-picker__name">{member.display_name}</span>
              <span className="mention-picker__username">@{member.username}</span>
            </div>
          ))}
        </div>
        {expanded && shown.length === 0 ? <p className="mention-picker__empty muted">{t.noMatches}</p> : null}
      </div>
    ),
  };
}
