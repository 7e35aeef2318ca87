import ImagePlus from "lucide-react/icons/image-plus";
import X from "lucide-react/icons/x";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { m } from "../../../../common/messages";
import { prepareImage } from "../../../lib/upload/prepare-image";

const t = m.chatPhotos;

export type PhotoAttach = {
  file: File | null;
  clear: () => void;
  /** The attach button (it opens the system's file picker; the input itself is hidden). */
  button: ReactNode;
  /** The chosen photo with its Remove button, above the box. */
  preview: ReactNode;
};

/**
 * The composer's photo: a button that opens the file picker, the photo checked and shrunk as the
 * other forms do (prepareImage: PNG or JPEG, at most 1600 px, 5 MB), a preview with Remove.
 * A refusal goes to `onError`, shown where the composer shows a send's refusal.
 */
export function usePhotoAttach({
  disabled,
  onError,
}: {
  disabled: boolean;
  onError: (message: string | null) => void;
}): PhotoAttach {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const attach = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const address = URL.createObjectURL(file);
    setUrl(address);
    return () => URL.revokeObjectURL(address);
  }, [file]);

  const choose = async (picked: File | null) => {
    if (input.current) input.current.value = "";
    if (!picked) return;
    const prepared = await prepareImage(picked);
    if (prepared.ok) {
      setFile(prepared.file);
      onError(null);
    } else onError(prepared.message);
  };

  const button = (
    <>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        data-app-picker=""
        tabIndex={-1}
        onChange={(event) => void choose(event.target.files?.[0] ?? null)}
      />
      <button
        ref={attach}
        type="button"
        className="icon-button chat-composer__attach"
        aria-label={t.attach}
        title={t.attach}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <ImagePlus aria-hidden="true" size={20} />
      </button>
    </>
  );

  const preview =
    file && url ? (
      <div className="chat-composer__photo">
        <img src={url} alt={t.preview} className="chat-composer__photo-img" />
        <button
          type="button"
          className="icon-button chat-composer__photo-remove"
          aria-label={t.remove}
          onClick={() => {
            setFile(null);
            attach.current?.focus();
          }}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </div>
    ) : null;

  return { file, clear: () => setFile(null), button, preview };
}
