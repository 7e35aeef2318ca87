import { useEffect, useRef } from "react";
import type { NoticeKind } from "../../../../common/api/notices";
import type {
  KindChannels,
  NotificationSettings,
  NotificationSettingsUpdate,
} from "../../../../common/api/notification-settings";
import type { Role } from "../../../../common/enums";
import { format, m } from "../../../../common/messages";
import { type GroupState, groupChange, groupState, groupsFor, type KindGroupKey } from "../-lib/kind-groups";

type Channel = keyof KindChannels;
const CHANNELS = ["push", "email"] as const;

/** A group's switch: a checkbox, because only a checkbox can say "mixed" (some rows on). */
function GroupSwitch({
  state,
  label,
  disabled,
  onChange,
  testId,
}: {
  state: GroupState;
  label: string;
  disabled: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "mixed";
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="notice-settings__switch notice-settings__switch--group"
      checked={state === "on"}
      aria-checked={state === "mixed" ? "mixed" : state === "on"}
      disabled={disabled}
      aria-label={label}
      // Mixed or off turns the whole group on; on turns it off.
      onChange={() => onChange(state !== "on")}
      data-testid={testId}
    />
  );
}

/**
 * The notice kinds in groups (Chats, Clubs, Events, Clubs you run, Your account), each with a
 * push and an e-mail switch for the whole group above a switch per row, and only the rows that
 * can reach a person of this role (-lib/kind-groups.ts).
 */
export function KindSwitches({
  kinds,
  role,
  onChange,
  disabled,
}: {
  kinds: NotificationSettings["kinds"];
  role: Role;
  onChange: (changes: NonNullable<NotificationSettingsUpdate["kinds"]>) => void;
  disabled: boolean;
}) {
  const t = m.noticeSettings;
  return (
    <section className="notice-settings__section" aria-labelledby="notice-kinds-title">
      <h2 id="notice-kinds-title" className="notice-settings__title">
        {t.kindsTitle}
      </h2>
      {groupsFor(role).map((group) => (
        <KindGroup key={group.key} group={group} kinds={kinds} disabled={disabled} onChange={onChange} />
      ))}
      <p className="muted notice-settings__always">{t.alwaysSent}</p>
    </section>
  );
}

function KindGroup({
  group,
  kinds,
  onChange,
  disabled,
}: {
  group: { key: KindGroupKey; kinds: NoticeKind[] };
  kinds: NotificationSettings["kinds"];
  onChange: (changes: NonNullable<NotificationSettingsUpdate["kinds"]>) => void;
  disabled: boolean;
}) {
  const t = m.noticeSettings;
  const name = t.groupNames[group.key];
  const titleId = `notice-group-${group.key}`;
  const states = {
    push: groupState(group.kinds, kinds, "push"),
    email: groupState(group.kinds, kinds, "email"),
  };
  const mixed = states.push === "mixed" || states.email === "mixed";
  return (
    <table
      className="notice-settings__kinds"
      aria-labelledby={titleId}
      data-testid={`notice-group-${group.key}`}
    >
      <thead>
        <tr>
          <th scope="col" id={titleId} className="notice-settings__group-name">
            {name}
          </th>
          <th scope="col">{t.push}</th>
          <th scope="col">{t.email}</th>
        </tr>
        <tr className="notice-settings__group-row">
          <th scope="row">
            {format(t.groupAll, { group: name })}
            {mixed ? <span className="notice-settings__mixed muted">{t.groupMixed}</span> : null}
          </th>
          {CHANNELS.map((channel: Channel) => (
            <td key={channel}>
              <GroupSwitch
                state={states[channel]}
                label={format(channel === "push" ? t.groupPushFor : t.groupEmailFor, { group: name })}
                disabled={disabled}
                onChange={(on) => onChange(groupChange(group.kinds, channel, on))}
                testId={`group-${group.key}-${channel}`}
              />
            </td>
          ))}
        </tr>
      </thead>
      <tbody>
        {group.kinds.map((kind) => {
          const kindName = t.kindNames[kind];
          return (
            <tr key={kind}>
              <th scope="row">{kindName}</th>
              {CHANNELS.map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    role="switch"
                    className="notice-settings__switch"
                    checked={kinds[kind][channel]}
                    aria-checked={kinds[kind][channel]}
                    disabled={disabled}
                    aria-label={format(channel === "push" ? t.pushFor : t.emailFor, { kind: kindName })}
                    onChange={(event) => onChange({ [kind]: { [channel]: event.currentTarget.checked } })}
                    data-testid={`kind-${kind}-${channel}`}
                  />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
