import ImagePlus from "lucide-react/icons/image-plus";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { useEffect, useState } from "react";
import { format, m } from "../../../../common/messages";
import { describedBy, Field } from "../../../components/form";
import { avatarImage, wideImage } from "../../../lib/images";
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

/**
 * A styled image picker: a tile showing the image (or an invitation to choose one) with the
 * real file input stretched invisibly over it, so a tap anywhere opens the chooser, the
 * keyboard reaches the input, its label stays its name, and it works without JavaScript.
 * The cover's tile is the wide preview at the saved position; the logo's is a circle.
 */
export function ImagePicker({
  name,
  label,
  src,
  position,
  error,
  onChange,
  onRefused,
}: {
  name: "image" | "profile_picture";
  label: string;
  src: string | null;
  /** The cover's focal point (x, y in %), as cards and the club page crop it. */
  position?: { x: number; y: number };
  error?: string;
  onChange: (file: File | null) => void;
  /** The file was refused before sending (type or size): the message for the field. */
  onRefused: (message: string) => void;
}) {
  const s = m.screens.imagePicker;
  const id = `club-${name.replace(/_/g, "-")}`;
  const cover = name === "image";
  const action = src ? (cover ? s.changeCover : s.changeLogo) : cover ? s.chooseCover : s.chooseLogo;
  return (
    <Field id={id} label={label} hint={`${cover ? s.coverHint : s.logoHint} ${t.imageHint}`} error={error}>
      <div
        className={`image-picker image-picker--${cover ? "cover" : "logo"}${src ? " image-picker--filled" : ""}`}
      >
        <div className="image-picker__preview">
          {src && cover ? (
            <img
              {...wideImage(src, "(min-width: 720px) 640px, 100vw")}
              alt={t.coverPreview}
              width={640}
              height={256}
              style={{ objectPosition: `${position?.x ?? 50}% ${position?.y ?? 50}%` }}
              data-testid="cover-preview"
            />
          ) : src ? (
            <img
              {...avatarImage(src, 96)}
              alt={t.profilePreview}
              width={96}
              height={96}
              data-testid="profile-preview"
            />
          ) : (
            <ImagePlus aria-hidden="true" size={cover ? 32 : 28} />
          )}
        </div>
        <span className="image-picker__action" aria-hidden="true">
          {src ? <RefreshCw size={16} /> : null}
          {action}
        </span>
        <input
          id={id}
          name={name}
          type="file"
          accept="image/png,image/jpeg"
          className="image-picker__input"
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
      </div>
    </Field>
  );
}

/**
 * Once there is a cover: how a club card crops it, and two sliders for the focal point (0-100,
 * default 50); the picker above shows the club page's crop. What the owner sees is what
 * visitors get. Before a cover is chosen there is nothing to position, so nothing shows.
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
  if (!src) return null;
  return (
    <div className="cover-editor" data-testid="cover-positioner">
      <div className="cover-editor__frame cover-editor__frame--card">
        <img
          {...wideImage(src, "200px")}
          alt=""
          width={200}
          height={100}
          style={{ objectPosition: `${x}% ${y}%` }}
        />
      </div>
      <div className="cover-editor__sliders">
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
    </div>
  );
}
