import ImagePlus from "lucide-react/icons/image-plus";
import RefreshCw from "lucide-react/icons/refresh-cw";
import { type Ref, useEffect, useState } from "react";
import { avatarImage, wideImage } from "../lib/images";
import { prepareImage } from "../lib/upload/prepare-image";
import { describedBy, Field } from "./form";

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

export type ImagePickerShape = "cover" | "logo" | "photo";

/**
 * The app's one image picker (every image field uses it): a tile showing the image (or an
 * invitation to choose one) with the real file input stretched invisibly over it, so a tap
 * anywhere opens the chooser, the keyboard reaches the input, its label stays its name, and it
 * works without JavaScript. "cover" is the wide preview at the saved focal point, "logo" a
 * circle (club logos, profile pictures), "photo" a post's picture as it will show.
 *
 * With `onChange`, a picked file is checked and shrunk at once (a refused one never stays in
 * the form: the input is emptied and `onRefused` gets the message); without it, the form reads
 * the input itself on submit (pages that also work without JavaScript).
 */
export function ImagePicker({
  id,
  name,
  label,
  hint,
  shape,
  src,
  previewAlt,
  chooseText,
  changeText,
  position,
  error,
  accept = "image/png,image/jpeg",
  inputRef,
  onChange,
  onRefused,
  onPicked,
  previewTestId = `${id}-preview`,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  shape: ImagePickerShape;
  /** The image to show: the chosen file's object URL, else the stored one, else none. */
  src: string | null;
  previewAlt: string;
  chooseText: string;
  changeText: string;
  /** The cover's focal point (x, y in %), as cards and the club page crop it. */
  position?: { x: number; y: number };
  error?: string;
  accept?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: (file: File | null) => void;
  onRefused?: (message: string) => void;
  /** The raw file as picked, for a form that sends the input itself (preview only). */
  onPicked?: (file: File | null) => void;
  previewTestId?: string;
}) {
  const round = shape === "logo";
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className={`image-picker image-picker--${shape}${src ? " image-picker--filled" : ""}`}>
        <div className="image-picker__preview">
          {src && round ? (
            <img
              {...avatarImage(src, 96)}
              alt={previewAlt}
              width={96}
              height={96}
              data-testid={previewTestId}
            />
          ) : src ? (
            <img
              {...wideImage(src, "(min-width: 720px) 640px, 100vw")}
              alt={previewAlt}
              width={640}
              height={shape === "cover" ? 256 : 360}
              style={position ? { objectPosition: `${position.x}% ${position.y}%` } : undefined}
              data-testid={previewTestId}
            />
          ) : (
            <ImagePlus aria-hidden="true" size={round ? 28 : 32} />
          )}
        </div>
        <span className="image-picker__action" aria-hidden="true">
          {src ? <RefreshCw size={16} /> : null}
          {src ? changeText : chooseText}
        </span>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept={accept}
          className="image-picker__input"
          onChange={async (e) => {
            const input = e.target;
            const file = input.files?.[0] ?? null;
            onPicked?.(file);
            if (!onChange) return;
            if (!file) return onChange(null);
            const prepared = await prepareImage(file);
            if (prepared.ok) return onChange(prepared.file);
            input.value = "";
            onChange(null);
            onRefused?.(prepared.message);
          }}
          aria-describedby={describedBy(id, { hint: !!hint, error })}
        />
      </div>
    </Field>
  );
}
