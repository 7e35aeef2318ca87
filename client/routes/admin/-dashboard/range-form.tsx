import { type FormEvent, useEffect, useState } from "react";
import { m } from "../../../../common/messages";

const t = m.recruitingPage;

type Scope = "site" | number;
export type Selection = { scope: Scope; from?: string; to?: string };
export type ClubOption = { id: number; name: string };

/**
 * The club picker and the date range (native date inputs: a calendar on phones, typing on
 * laptops). Nothing applies until Show, so a half-typed range is never lost or sent.
 */
export function RangeForm({
  clubs,
  allowSite,
  selection,
  shown,
  onApply,
}: {
  clubs: ClubOption[];
  allowSite: boolean;
  selection: Selection;
  /** The range the figures on screen cover (from the server), to fill empty inputs. */
  shown: { from: string; to: string } | null;
  onApply: (next: Selection) => void;
}) {
  const [scope, setScope] = useState<string>(String(selection.scope));
  const [from, setFrom] = useState(selection.from ?? "");
  const [to, setTo] = useState(selection.to ?? "");
  useEffect(() => {
    if (!shown) return;
    setFrom((v) => v || shown.from);
    setTo((v) => v || shown.to);
  }, [shown]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({
      scope: scope === "site" ? "site" : Number(scope),
      from: from || undefined,
      to: to || undefined,
    });
  }

  return (
    <form className="dash-range" aria-label={t.controls} onSubmit={submit}>
      <div className="field dash-range__club">
        <label htmlFor="dash-club" className="field__label">
          {t.clubLabel}
        </label>
        <select id="dash-club" className="input" value={scope} onChange={(e) => setScope(e.target.value)}>
          {allowSite ? <option value="site">{t.siteTotals}</option> : null}
          {clubs.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="dash-from" className="field__label">
          {t.fromLabel}
        </label>
        <input
          id="dash-from"
          type="date"
          className="input"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="dash-to" className="field__label">
          {t.toLabel}
        </label>
        <input
          id="dash-to"
          type="date"
          className="input"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <div className="dash-range__actions">
        <button type="submit" className="button button--primary">
          {t.apply}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setFrom("");
            setTo("");
            onApply({ scope: scope === "site" ? "site" : Number(scope) });
          }}
        >
          {t.last30}
        </button>
      </div>
    </form>
  );
}
