import { Link, useBlocker, useNavigate, useRouter } from "@tanstack/react-router";
import { type FormEvent, type KeyboardEvent, type MouseEvent, useRef, useState } from "react";
import { describedBy, ErrorSummary, Field } from "../../components/form";
import { ApiError } from "../../lib/api";
import type { ClubDetail } from "../../lib/types";
import { isAllowedImage } from "../../lib/validation";
import { format, m } from "../../messages";
import {
  type ClubFormError,
  type ClubFormValues,
  emptyValues,
  errorsFromDetail,
  FIELD_TAB,
  FORM_TABS,
  type FormTab,
  fieldId,
  REGIONS,
  type TextKey,
  toFormData,
  validateClub,
  valuesFromClub,
} from "./form-values";
import { CoverPositioner, ImageInput, usePreview } from "./image-fields";
import { normalizeLink, normalizeWhatsapp } from "./links";
import { MembersManager } from "./members-manager";

const t = m.contentUi.clubForm;
type Images = { image: File | null; profile_picture: File | null };

/**
 * The shared form of /clubs/new and /clubs/edit/{id}: tabs Overview, Members and Connect over
 * one form (every panel stays mounted, so switching tabs loses nothing), previews of the images,
 * the cover crop and the links as they will be saved, and an unsaved-changes guard.
 */
export function ClubForm({ club }: { club: ClubDetail | null }) {
  const router = useRouter();
  const navigate = useNavigate();
  const { api } = router.options.context;
  const [values, setValues] = useState<ClubFormValues>(() => (club ? valuesFromClub(club) : emptyValues()));
  const [images, setImages] = useState<Images>({ image: null, profile_picture: null });
  const [tab, setTab] = useState<FormTab>("overview");
  const [errors, setErrors] = useState<ClubFormError[]>([]);
  const [saving, setSaving] = useState(false);
  const dirty = useRef(false);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const coverSrc = usePreview(images.image, club?.image_url ?? null);
  const profileSrc = usePreview(images.profile_picture, club?.profile_image_url ?? null);

  useBlocker({
    shouldBlockFn: () => dirty.current && !window.confirm(t.unsaved),
    enableBeforeUnload: () => dirty.current,
  });

  // A field's own message goes once it is edited; the summary (which takes focus whenever it
  // changes) stays as it was until the next save, as in the GOV.UK pattern.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const clearError = (name: string) =>
    setEdited((names) => (names.has(name) ? names : new Set([...names, name])));
  const set = <K extends keyof ClubFormValues>(key: K, value: ClubFormValues[K]) => {
    dirty.current = true;
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };
  const setImage = (key: keyof Images, file: File | null) => {
    dirty.current = true;
    setImages((i) => ({ ...i, [key]: file }));
    clearError(key);
  };
  const errorOf = (name: string) =>
    edited.has(name) ? undefined : errors.find((e) => e.name === name)?.message;

  const showErrors = (found: ClubFormError[]) => {
    setErrors(found);
    setEdited(new Set());
    const first = found.find((e) => e.name);
    if (first?.name) setTab(FIELD_TAB[first.name] ?? "overview");
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateClub(values);
    for (const key of ["image", "profile_picture"] as const) {
      const file = images[key];
      if (file && !isAllowedImage(file))
        found.push({ name: key, field: fieldId(key), message: m.uploads.onlyImages });
    }
    if (found.length) {
      showErrors(found);
      return;
    }
    setErrors([]);
    setEdited(new Set());
    setSaving(true);
    try {
      const body = toFormData(values, images);
      const saved = club
        ? await api.put<ClubDetail>(`/api/clubs/${club.id}`, { multipart: body })
        : await api.post<ClubDetail>("/api/clubs", { multipart: body, fallback: t.forbidden });
      dirty.current = false;
      await navigate({ to: "/clubs/$clubId", params: { clubId: String(saved.id) } });
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.detail))
        showErrors(errorsFromDetail(error.detail));
      else if (error instanceof ApiError && error.status === 403 && !club)
        showErrors([{ message: t.forbidden }]);
      else showErrors([{ message: format(t.saveFailed, { message: (error as Error).message }) }]);
    } finally {
      setSaving(false);
    }
  };

  // The error summary links to fields that may sit on another tab: open it first.
  const onClickCapture = (event: MouseEvent) => {
    const anchor = (event.target as HTMLElement).closest("a[href^='#club-']");
    if (!anchor) return;
    const id = anchor.getAttribute("href")!.slice(1);
    const error = errors.find((e) => e.field === id);
    if (error?.name) setTab(FIELD_TAB[error.name] ?? "overview");
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
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
    setTab(FORM_TABS[next]!);
    tabRefs.current[next]?.focus();
  };

  const text = (
    key: TextKey,
    label: string,
    opts: { required?: boolean; hint?: string; area?: boolean } = {},
  ) => {
    const id = fieldId(key);
    const error = errorOf(key);
    const common = {
      id,
      name: key,
      value: values[key],
      "aria-describedby": describedBy(id, { hint: opts.hint, error }),
      "aria-invalid": error ? true : undefined,
    };
    return (
      <Field id={id} label={label} hint={opts.hint} error={error} required={opts.required}>
        {opts.area ? (
          <textarea {...common} className="textarea" rows={4} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <input {...common} className="input" onChange={(e) => set(key, e.target.value)} />
        )}
      </Field>
    );
  };

  const link = (
    key: "meeting_location" | "facebook" | "instagram" | "google_forms" | "whatsapp",
    label: string,
    hint?: string,
  ) => {
    const raw = values[key];
    const normalised = key === "whatsapp" ? normalizeWhatsapp(raw) : normalizeLink(raw);
    const id = fieldId(key);
    const error = errorOf(key);
    return (
      <Field id={id} label={label} hint={hint} error={error}>
        <input
          id={id}
          name={key}
          className="input"
          inputMode={key === "whatsapp" ? "tel" : "url"}
          autoComplete="off"
          value={raw}
          onChange={(e) => set(key, e.target.value)}
          aria-describedby={[describedBy(id, { hint, error }), `${id}-normalised`].filter(Boolean).join(" ")}
        />
        <p
          className="link-preview"
          id={`${id}-normalised`}
          aria-live="polite"
          data-testid={`${id}-normalised`}
        >
          {normalised ? format(t.savedAs, { value: normalised }) : ""}
        </p>
      </Field>
    );
  };

  const panel = (name: FormTab) => ({
    role: "tabpanel",
    id: `club-form-panel-${name}`,
    "aria-labelledby": `club-form-tab-${name}`,
    hidden: tab !== name,
    className: "tabpanel club-form__panel",
  });

  return (
    <form className="club-form" onSubmit={submit} noValidate onClickCapture={onClickCapture}>
      <ErrorSummary errors={errors} />
      <div role="tablist" aria-label={t.tabsLabel} className="tabs">
        {FORM_TABS.map((name, index) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`club-form-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`club-form-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="tab"
            onClick={() => setTab(name)}
            onKeyDown={(e) => onTabKey(e, index)}
          >
            {t.tabs[name]}
          </button>
        ))}
      </div>

      <div {...panel("overview")}>
        {text("name", t.name, { required: true })}
        {text("description", t.description, { required: true, hint: t.descriptionHint })}
        {text("profile_description", t.profileDescription, { hint: t.profileDescriptionHint, area: true })}
        {text("tags", t.tags, { hint: t.tagsHint })}
        <Field id={fieldId("region")} label={t.region} error={errorOf("region")}>
          <select
            id={fieldId("region")}
            name="region"
            className="select"
            value={values.region}
            onChange={(e) => set("region", e.target.value)}
          >
            <option value="">{t.chooseRegion}</option>
            {REGIONS.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </select>
        </Field>
        <label className="checkbox">
          <input
            type="checkbox"
            name="is_open"
            checked={values.is_open}
            onChange={(e) => set("is_open", e.target.checked)}
          />
          {t.isOpen}
        </label>
        <ImageInput
          name="image"
          label={t.coverImage}
          error={errorOf("image")}
          onChange={(f) => setImage("image", f)}
        />
        <CoverPositioner
          src={coverSrc}
          x={values.cover_position_x}
          y={values.cover_position_y}
          onChange={(axis, value) => set(axis, value)}
        />
        <ImageInput
          name="profile_picture"
          label={t.profilePicture}
          error={errorOf("profile_picture")}
          onChange={(f) => setImage("profile_picture", f)}
        />
        {profileSrc ? (
          <img
            className="profile-preview"
            src={profileSrc}
            alt={t.profilePreview}
            width={96}
            height={96}
            data-testid="profile-preview"
          />
        ) : null}
      </div>

      <div {...panel("members")}>
        <h2 className="section-title">{t.officers}</h2>
        {text("president", t.president)}
        {text("vice", t.vice)}
        {text("secretary", t.secretary)}
        {text("member_criteria", t.memberCriteria, { area: true })}
        {club ? (
          <MembersManager clubId={club.id} initial={club.members} />
        ) : (
          <p className="muted">{t.membersAfterCreate}</p>
        )}
      </div>

      <div {...panel("connect")}>
        {link("meeting_location", t.meetingLocation, t.meetingLocationHint)}
        {text("contact_hours", t.contactHours)}
        {text("response_time", t.responseTime)}
        <fieldset className="fieldset">
          <legend className="section-title">{t.social}</legend>
          {link("facebook", t.facebook)}
          {link("instagram", t.instagram)}
          {link("google_forms", t.googleForms)}
          {link("whatsapp", t.whatsapp, t.whatsappHint)}
        </fieldset>
      </div>

      <div className="form__footer club-form__footer">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t.saving : club ? t.save : t.create}
        </button>
        {club ? (
          <Link to="/clubs/$clubId" params={{ clubId: String(club.id) }} className="button button--secondary">
            {t.cancel}
          </Link>
        ) : (
          <Link to="/clubs" className="button button--secondary">
            {t.cancel}
          </Link>
        )}
      </div>
    </form>
  );
}
