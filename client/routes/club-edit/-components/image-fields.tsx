import { format, m } from "../../../../common/messages";
import { ImagePicker as SharedImagePicker } from "../../../components/image-picker";
import { wideImage } from "../../../lib/images";

const t = m.clubForm;

/**
 * The club's cover (the wide preview at the saved position) and logo (a circle), in the app's
 * one image picker (client/components/image-picker.tsx).
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
  const cover = name === "image";
  return (
    <SharedImagePicker
      id={`club-${name.replace(/_/g, "-")}`}
      name={name}
      label={label}
      hint={`${cover ? s.coverHint : s.logoHint} ${t.imageHint}`}
      shape={cover ? "cover" : "logo"}
      src={src}
      previewAlt={cover ? t.coverPreview : t.profilePreview}
      previewTestId={cover ? "cover-preview" : "profile-preview"}
      chooseText={cover ? s.chooseCover : s.chooseLogo}
      changeText={cover ? s.changeCover : s.changeLogo}
      position={cover ? { x: position?.x ?? 50, y: position?.y ?? 50 } : undefined}
      error={error}
      onChange={onChange}
      onRefused={onRefused}
    />
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
