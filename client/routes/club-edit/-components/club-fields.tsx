import { type KeyboardEvent, useRef, useState } from "react";
import { format, m } from "../../../../common/messages";
import { describedBy, Field } from "../../../components/form";
import { FORM_TABS, type FormTab, fieldId } from "../-lib/form-values";
import { mapSearchQuery, previewFor } from "../-lib/links";

const t = m.clubForm;

/** A labelled text input or textarea of the club form, its error above it. */
export function TextField({
  name,
  label,
  value,
  error,
  hint,
  required,
  area,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  required?: boolean;
  area?: boolean;
  onChange: (value: string) => void;
}) {
  const id = fieldId(name);
  const common = {
    id,
    name,
    value,
    "aria-describedby": describedBy(id, { hint, error }),
    "aria-invalid": error ? true : undefined,
  };
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required}>
      {area ? (
        <textarea {...common} className="textarea" rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} className="input" onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

type LinkName = "meeting_location" | "facebook" | "instagram" | "google_forms" | "whatsapp";

function invalidMessage(name: LinkName): string {
  if (name === "whatsapp") return t.invalidWhatsapp;
  if (name === "instagram" || name === "facebook") return t.invalidSocial;
  if (name === "meeting_location") return t.invalidMeetingPlace;
  return t.invalidLink;
}

/** "Saved as a map search for …" for an address, else the link that will be saved. */
function savedText(normalised: string): string {
  const address = mapSearchQuery(normalised);
  return address ? format(t.savedAsMapSearch, { value: address }) : format(t.savedAs, { value: normalised });
}

/**
 * A link input that shows, as the owner types, the address that will be saved (the server's
 * own rule, common/links.ts), and says what is wrong beside the field once the owner leaves it.
 */
export function LinkField({
  name,
  label,
  value,
  error,
  hint,
  onChange,
}: {
  name: LinkName;
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onChange: (value: string) => void;
}) {
  const normalised = previewFor(name)(value);
  const [left, setLeft] = useState(false);
  const shown = error ?? (left && normalised === null ? invalidMessage(name) : undefined);
  const id = fieldId(name);
  return (
    <Field id={id} label={label} hint={hint} error={shown}>
      <input
        id={id}
        name={name}
        className="input"
        inputMode={name === "whatsapp" ? "tel" : name === "meeting_location" ? "text" : "url"}
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => setLeft(true)}
        aria-invalid={shown ? true : undefined}
        aria-describedby={[describedBy(id, { hint, error: shown }), `${id}-normalised`]
          .filter(Boolean)
          .join(" ")}
      />
      <p className="link-preview" id={`${id}-normalised`} aria-live="polite" data-testid={`${id}-normalised`}>
        {normalised ? savedText(normalised) : ""}
      </p>
    </Field>
  );
}

/** The form's tabs (ARIA tabs pattern: arrows, Home and End move and select). */
export function FormTabs({ active, onSelect }: { active: FormTab; onSelect: (tab: FormTab) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = FORM_TABS.length - 1;
    const keys: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(FORM_TABS[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t.tabsLabel} className="tabs">
      {FORM_TABS.map((name, index) => (
        <button
          key={name}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          role="tab"
          id={`club-form-tab-${name}`}
          aria-selected={active === name}
          aria-controls={`club-form-panel-${name}`}
          tabIndex={active === name ? 0 : -1}
          className="tab"
          onClick={() => onSelect(name)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {t.tabs[name]}
        </button>
      ))}
    </div>
  );
}

/** Props of one tab's panel; hidden panels stay mounted so nothing typed is lost. */
export function panelProps(name: FormTab, active: FormTab) {
  return {
    role: "tabpanel",
    id: `club-form-panel-${name}`,
    "aria-labelledby": `club-form-tab-${name}`,
    hidden: active !== name,
    className: "tabpanel club-form__panel",
  };
}
