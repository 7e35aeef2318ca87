import { m } from "../../../../common/messages";

/** The read-receipts switch: off, nobody sees when the person reads, and they see nobody's. */
export function ReadReceipts({
  on,
  onChange,
  disabled,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
}) {
  const t = m.noticeSettings;
  return (
    <section className="notice-settings__section" aria-labelledby="notice-read-receipts-title">
      <h2 id="notice-read-receipts-title" className="notice-settings__title">
        {t.readReceiptsTitle}
      </h2>
      <label className="notice-settings__club">
        <input
          type="checkbox"
          role="switch"
          className="notice-settings__switch"
          checked={on}
          aria-checked={on}
          aria-describedby="notice-read-receipts-hint"
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
        <span>{t.readReceipts}</span>
      </label>
      <p className="notice-settings__hint" id="notice-read-receipts-hint">
        {t.readReceiptsHint}
      </p>
    </section>
  );
}
