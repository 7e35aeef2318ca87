import { NOTICE_KINDS, type NoticeKind } from "../../../../common/api/notices";
import type { KindChannels, NotificationSettings } from "../../../../common/api/notification-settings";
import { format, m } from "../../../../common/messages";

type Channel = keyof KindChannels;

/** Every notice kind with a switch for push and one for e-mail (the table scrolls on phones). */
export function KindSwitches({
  kinds,
  onChange,
  disabled,
}: {
  kinds: NotificationSettings["kinds"];
  onChange: (kind: NoticeKind, channel: Channel, on: boolean) => void;
  disabled: boolean;
}) {
  const t = m.noticeSettings;
  return (
    <section className="notice-settings__section" aria-labelledby="notice-kinds-title">
      <h2 id="notice-kinds-title" className="notice-settings__title">
        {t.kindsTitle}
      </h2>
      <table className="notice-settings__kinds">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t.kindsTitle}</span>
            </th>
            <th scope="col">{t.push}</th>
            <th scope="col">{t.email}</th>
          </tr>
        </thead>
        <tbody>
          {NOTICE_KINDS.map((kind) => {
            const name = t.kindNames[kind];
            return (
              <tr key={kind}>
                <th scope="row">{name}</th>
                {(["push", "email"] as const).map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      role="switch"
                      className="notice-settings__switch"
                      checked={kinds[kind][channel]}
                      aria-checked={kinds[kind][channel]}
                      disabled={disabled}
                      aria-label={format(channel === "push" ? t.pushFor : t.emailFor, { kind: name })}
                      onChange={(event) => onChange(kind, channel, event.currentTarget.checked)}
                      data-testid={`kind-${kind}-${channel}`}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
