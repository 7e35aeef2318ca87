import { useEffect, useState } from "react";
import { format, m } from "../../../../common/messages";
import { describedBy, Field } from "../../../components/form";
import { wideImage } from "../../../lib/images";
import { prepareImage } from "../../../lib/upload/prepare-image";

const t = m.clubForm;

/** An object URL for a chosen file, revoked when it changes; else the stored image's URL. */
export function usePreview(file: File | null, stored: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ?? stored;
}

export function ImageInput({
  name,
  label,
  error,
  onChange,
  onRefused,
}: {
  name: "image" | "profile_picture";
  label: string;
  error?: string;
  onChange: (file: File | null) => void;
  /** The file was refused before sending (type or size): the message for the field. */
  onRefused: (message: string) => void;
}) {
  const id = `club-${name.replace(/_/g, "-")}`;
  return (
    <Field id={id} label={label} hint={t.imageHint} error={error}>
      <input
        id={id}
        name={name}
        type="file"
        accept="image/png,image/jpeg"
        className="input input--file"
        onChange={async (e) => {
          const input = e.target;
          const file = input.files?.[0] ?? null;
          if (!file) return onChange(null);
          // Checked and shrunk as soon as it is picked: a refused file never stays in the form.
          const prepared = await prepareImage(file);
          if (prepared.ok) return onChange(prepared.file);
          input.value = "";
          onChange(null);
          onRefused(prepared.message);
        }}
        aria-describedby={describedBy(id, { hint: true, error })}
      />
    </Field>
  );
}

/**
 * The cover as club cards and the club page crop it (object-fit: cover), with two sliders for
 * the focal point (0-100, default 50): what the owner sees is what visitors get.
 */
export function CoverPositioner({
  src,
  x,
  y,
  onChange,
}: {
  src: string | null;
  x: number;
  y: number;
  onChange: (axis: "cover_position_x" | "cover_position_y", value: number) => void;
}) {
  return (
    <div className="cover-editor">
      <figure className="cover-editor__previews" aria-label={t.coverPreview}>
        <div className="cover-editor__frame cover-editor__frame--wide">
          {src ? (
            <img
              {...wideImage(src, "560px")}
              alt={t.coverPreview}
              width={560}
              height={200}
              style={{ objectPosition: `${x}% ${y}%` }}
              data-testid="cover-preview"
            />
          ) : (
            <span className="cover-editor__empty" aria-hidden="true" />
          )}
        </div>
        <div className="cover-editor__frame cover-editor__frame--card">
          {src ? (
            <img
              {...wideImage(src, "200px")}
              alt=""
              width={200}
              height={100}
              style={{ objectPosition: `${x}% ${y}%` }}
            />
          ) : (
            <span className="cover-editor__empty" aria-hidden="true" />
          )}
        </div>
      </figure>
      <p className="field__hint" id="club-cover-hint">
        {t.coverHint}
      </p>
      {(
        [
          ["cover_position_x", t.coverX, x],
          ["cover_position_y", t.coverY, y],
        ] as const
      ).map(([key, label, value]) => {
        const id = `club-${key.replace(/_/g, "-")}`;
        return (
          <div key={key} className="slider">
            <label htmlFor={id} className="field__label">
              {label}
            </label>
            <div className="slider__row">
              <input
                id={id}
                name={key}
                type="range"
                min={0}
                max={100}
                step={1}
                value={value}
                onChange={(e) => onChange(key, Number(e.target.value))}
                aria-describedby="club-cover-hint"
                aria-valuetext={format(t.percent, { value })}
              />
              <output htmlFor={id} className="slider__value">
                {format(t.percent, { value })}
              </output>
            </div>
          </div>
        );
      })}
    </div>
  );
}
