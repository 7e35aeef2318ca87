import type { ConnectionClub } from "../../../../common/api/connections";
import { format, m } from "../../../../common/messages";

/** A mute switch per club the person belongs to or owns. */
export function MutedClubs({
  clubs,
  muted,
  onChange,
  disabled,
}: {
  clubs: ConnectionClub[];
  muted: number[];
  onChange: (clubId: number, on: boolean) => void;
  disabled: boolean;
}) {
  const t = m.noticeSettings;
  return (
    <section className="notice-settings__section" aria-labelledby="notice-muted-title">
      <h2 id="notice-muted-title" className="notice-settings__title">
        {t.mutedTitle}
      </h2>
      <p className="notice-settings__hint">{t.mutedIntro}</p>
      {clubs.length === 0 ? (
        <p>{t.noClubs}</p>
      ) : (
        <ul className="notice-settings__clubs">
          {clubs.map((club) => (
            <li key={club.id}>
              <label className="notice-settings__club">
                <input
                  type="checkbox"
                  role="switch"
                  className="notice-settings__switch"
                  checked={muted.includes(club.id)}
                  aria-checked={muted.includes(club.id)}
                  disabled={disabled}
                  onChange={(event) => onChange(club.id, event.currentTarget.checked)}
                />
                <span>{format(t.muteClub, { club: club.name })}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
