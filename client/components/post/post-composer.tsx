import { useRouter } from "@tanstack/react-router";
import PenSquare from "lucide-react/icons/pen-square";
import X from "lucide-react/icons/x";
import { type FormEvent, useEffect, useId, useState } from "react";
import type { FeedPost } from "../../../common/api/posts";
import { managuaInputToIso } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { isAllowedImage } from "../../lib/validation";
import { Alert, describedBy, ErrorSummary, Field } from "../form";
import { ImagePicker } from "../image-picker";
import { UploadProgress } from "../upload-progress";
import { validatePostDraft } from "./post-utils";

const t = m.composer;

type Draft = {
  title: string;
  short_description: string;
  content: string;
  instagram_url: string;
  is_event: boolean;
  event_date: string;
  event_location: string;
  capacity: string;
  display_image_first: boolean;
};

const EMPTY: Draft = {
  title: "",
  short_description: "",
  content: "",
  instagram_url: "",
  is_event: false,
  event_date: "",
  event_location: "",
  capacity: "",
  display_image_first: true,
};

/**
 * Publishing a post or an event in a club (owners of that club and admins; the server checks
 * too). `mode="event"` is the calendar's add-event form. On failure everything typed stays.
 * After a success the page's data is reloaded (router.invalidate) unless `onCreated` is given.
 */
export function PostComposer({
  clubId,
  mode = "post",
  onCreated,
}: {
  clubId: number;
  mode?: "post" | "event";
  onCreated?: (post: FeedPost) => void;
}) {
  const router = useRouter();
  const { api } = router.options.context;
  const id = useId();
  const [open, setOpen] = useState(mode === "event");
  const [draft, setDraft] = useState<Draft>({ ...EMPTY, is_event: mode === "event" });
  const [image, setImage] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ field?: string; message: string }[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setDone(null);
  };
  const fid = (name: string) => `${id}-${name}`;
  const errorOf = (field: string) => errors.find((e) => e.field === fid(field))?.message;

  // The picker has checked and shrunk it (a refused file never reaches here).
  const chooseImage = (picked: File | null) => {
    setErrors((list) => list.filter((e) => e.field !== fid("image")));
    setImage(picked);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const found = validatePostDraft({ ...draft, hasImage: !!image }).map((e) => ({
      field: fid(e.field),
      message: e.message,
    }));
    if (image && !isAllowedImage(image)) found.push({ field: fid("image"), message: m.uploads.onlyImages });
    setErrors(found);
    if (found.length) return;
    const form = new FormData();
    form.set("club_id", String(clubId));
    for (const key of ["title", "short_description", "content", "instagram_url"] as const)
      form.set(key, draft[key].trim());
    form.set("is_event", String(draft.is_event));
    form.set("display_image_first", String(draft.display_image_first));
    if (draft.is_event) {
      form.set("event_date", managuaInputToIso(draft.event_date) ?? draft.event_date);
      form.set("event_location", draft.event_location.trim());
      form.set("capacity", draft.capacity.trim());
    }
    if (image) form.set("image", image);
    setBusy(true);
    try {
      const post = await api.post<FeedPost>("/api/posts", {
        multipart: form,
        onUploadProgress: image ? setProgress : undefined,
      });
      setDraft({ ...EMPTY, is_event: mode === "event" });
      setImage(null);
      setFileKey((k) => k + 1);
      setDone(draft.is_event ? t.publishedEvent : t.published);
      if (onCreated) onCreated(post);
      else void router.invalidate();
    } catch (error) {
      const template = draft.is_event ? m.posts.failedToCreateEvent : m.posts.failedToCreatePost;
      setErrors([{ message: format(template, { message: (error as Error).message }) }]);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  if (!open) {
    return (
      <div className="composer composer--closed">
        {done ? <Alert kind="success">{done}</Alert> : null}
        <button type="button" className="button button--primary" onClick={() => setOpen(true)}>
          <PenSquare aria-hidden="true" size={18} />
          {t.open}
        </button>
      </div>
    );
  }

  const textField = (name: "title" | "short_description" | "instagram_url", label: string, hint?: string) => (
    <Field id={fid(name)} label={label} hint={hint} error={errorOf(name)}>
      <input
        id={fid(name)}
        name={name}
        className="input"
        type={name === "instagram_url" ? "url" : "text"}
        inputMode={name === "instagram_url" ? "url" : undefined}
        value={draft[name]}
        onChange={(e) => set(name, e.target.value)}
        aria-describedby={describedBy(fid(name), { hint, error: errorOf(name) })}
      />
    </Field>
  );

  return (
    <form className="composer card-panel" onSubmit={submit} noValidate data-testid="post-composer">
      <div className="composer__head">
        <h2 className="section-title">{mode === "event" ? m.calendar.addTitle : t.title}</h2>
        {mode === "post" ? (
          <button type="button" className="icon-button" aria-label={t.cancel} onClick={() => setOpen(false)}>
            <X aria-hidden="true" size={20} />
          </button>
        ) : null}
      </div>
      <ErrorSummary errors={errors} />
      {done ? <Alert kind="success">{done}</Alert> : null}
      {textField("title", t.titleLabel)}
      {textField("short_description", t.shortDescription)}
      <Field id={fid("content")} label={t.content} error={errorOf("content")}>
        <textarea
          id={fid("content")}
          name="content"
          className="textarea"
          rows={4}
          value={draft.content}
          onChange={(e) => set("content", e.target.value)}
          aria-describedby={describedBy(fid("content"), { error: errorOf("content") })}
        />
      </Field>
      {mode === "post" ? textField("instagram_url", t.instagram, t.instagramHint) : null}
      <ImagePicker
        key={fileKey}
        id={fid("image")}
        name="image"
        label={t.image}
        hint={t.imageHint}
        shape="photo"
        src={preview}
        previewAlt={t.preview}
        chooseText={m.screens.imagePicker.choosePhoto}
        changeText={m.screens.imagePicker.changePhoto}
        error={errorOf("image")}
        onChange={chooseImage}
        onRefused={(message) => {
          setFileKey((k) => k + 1);
          setErrors([{ field: fid("image"), message }]);
        }}
      />
      {preview ? (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => {
            setImage(null);
            setFileKey((k) => k + 1);
          }}
        >
          {t.removeImage}
        </button>
      ) : null}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.display_image_first}
          onChange={(e) => set("display_image_first", e.target.checked)}
        />
        {t.displayImageFirst}
      </label>
      {mode === "post" ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={draft.is_event}
            onChange={(e) => set("is_event", e.target.checked)}
          />
          {t.isEvent}
        </label>
      ) : null}
      {draft.is_event ? (
        <div className="composer__event">
          <Field id={fid("event_date")} label={t.eventDate} error={errorOf("event_date")} required>
            <input
              id={fid("event_date")}
              name="event_date"
              type="datetime-local"
              className="input"
              value={draft.event_date}
              onChange={(e) => set("event_date", e.target.value)}
              aria-describedby={describedBy(fid("event_date"), { error: errorOf("event_date") })}
            />
          </Field>
          <Field id={fid("event_location")} label={t.eventLocation}>
            <input
              id={fid("event_location")}
              name="event_location"
              className="input"
              value={draft.event_location}
              onChange={(e) => set("event_location", e.target.value)}
            />
          </Field>
          <Field id={fid("capacity")} label={m.events.capacityLabel}>
            <input
              id={fid("capacity")}
              name="capacity"
              type="number"
              inputMode="numeric"
              min={1}
              max={100000}
              step={1}
              className="input"
              value={draft.capacity}
              onChange={(e) => set("capacity", e.target.value)}
              data-testid="event-capacity"
            />
          </Field>
        </div>
      ) : null}
      <div className="form__footer">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t.publishing : draft.is_event ? t.publishEvent : t.publish}
        </button>
        <UploadProgress percent={progress} />
      </div>
    </form>
  );
}
