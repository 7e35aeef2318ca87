import { format, m } from "../../common/messages";

/** How much of an upload has been sent; nothing when no upload is under way. */
export function UploadProgress({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <div className="upload-progress" data-testid="upload-progress">
      <progress max={100} value={percent} aria-label={m.appShell.upload.progressLabel} />
      <span aria-live="polite">{format(m.appShell.upload.uploading, { percent })}</span>
    </div>
  );
}
