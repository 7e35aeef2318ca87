import { format, m } from "../../../common/messages";
import { parseDuration } from "./duration";
import { durationPreview } from "./duration-words";

const t = m.admin;

/** The spec's "D H M" entry stays; these say what it means and offer the usual lengths. */
const PICKS = [
  { label: () => t.pickHour, value: "0 1 0" },
  { label: () => t.pickDay, value: "1 0 0" },
  { label: () => t.pickWeek, value: "7 0 0" },
] as const;

/** "Significa: 1 día, 0 horas, 0 minutos" under a D H M field, read out as it changes. */
export function DurationMeaning({ id, value }: { id: string; value: string }) {
  const parsed = parseDuration(value);
  return (
    <p className="field__hint duration-meaning" id={id} aria-live="polite" data-testid="duration-meaning">
      {parsed.ok ? format(t.durationMeans, { duration: durationPreview(parsed.value) }) : ""}
    </p>
  );
}

/** Quick picks (1 h, 1 día, 7 días) that fill the D H M field. */
export function DurationPicks({ onPick, label }: { onPick: (value: string) => void; label?: string }) {
  return (
    <fieldset className="duration-picks">
      <legend className="visually-hidden">{label ?? t.durationPicks}</legend>
      {PICKS.map((pick) => (
        <button
          key={pick.value}
          type="button"
          className="button button--ghost button--small"
          onClick={() => onPick(pick.value)}
        >
          {pick.label()}
        </button>
      ))}
    </fieldset>
  );
}
