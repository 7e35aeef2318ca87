import { Link, useBlocker, useNavigate, useRouter } from "@tanstack/react-router";
import { type FormEvent, Fragment, type MouseEvent, useRef, useState } from "react";
import type { ClubDetail } from "../../../../common/api/clubs";
import { REGIONS } from "../../../../common/enums";
import { format, m } from "../../../../common/messages";
import { announceAfterNavigation } from "../../../components/announcer";
import { askToConfirm } from "../../../components/confirm-host";
import { ErrorSummary, Field } from "../../../components/form";
import { usePreview } from "../../../components/image-picker";
import { UploadProgress } from "../../../components/upload-progress";
import { ApiError } from "../../../lib/api";
import { isAllowedImage } from "../../../lib/validation";
import {
  type ClubFormError,
  type ClubFormValues,
  emptyValues,
  errorsFromDetail,
  FIELD_TAB,
  type FormTab,
  fieldId,
  JOIN_QUESTION_KEYS,
  type TextKey,
  toFormData,
  validateClub,
  valuesFromClub,
} from "../-lib/form-values";
import { FormTabs, LinkField, panelProps, TextField } from "./club-fields";
import { HandoverManager } from "./handover-manager";
import { CoverPositioner, ImagePicker } from "./image-fields";
import { MembersManager } from "./members-manager";
import { OfficersManager } from "./officers-manager";

const t = m.clubForm;
type Images = { image: File | null; profile_picture: File | null };
type LinkKey = "meeting_location" | "facebook" | "instagram" | "google_forms" | "whatsapp";

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
  const [progress, setProgress] = useState<number | null>(null);
  const dirty = useRef(false);
  const coverSrc = usePreview(images.image, club?.image_url ?? null);
  const profileSrc = usePreview(images.profile_picture, club?.profile_image_url ?? null);

  useBlocker({
    shouldBlockFn: async () =>
      dirty.current &&
      !(await askToConfirm({ message: t.unsaved, confirmLabel: m.shellCommon.confirmLeave })),
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
      const onUploadProgress = images.image || images.profile_picture ? setProgress : undefined;
      const saved = club
        ? await api.put<ClubDetail>(`/api/clubs/${club.id}`, { multipart: body, onUploadProgress })
        : await api.post<ClubDetail>("/api/clubs", {
            multipart: body,
            fallback: t.forbidden,
            onUploadProgress,
          });
      dirty.current = false;
      announceAfterNavigation(m.announcements.clubSaved);
      await navigate({ to: "/clubs/$clubId", params: { clubId: String(saved.id) } });
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.detail))
        showErrors(errorsFromDetail(error.detail));
      else if (error instanceof ApiError && error.status === 403 && !club)
        showErrors([{ message: t.forbidden }]);
      else showErrors([{ message: format(t.saveFailed, { message: (error as Error).message }) }]);
    } finally {
      setSaving(false);
      setProgress(null);
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

  const text = (
    key: TextKey,
    label: string,
    opts: { required?: boolean; hint?: string; area?: boolean } = {},
  ) => (
    <TextField
      name={key}
      label={label}
      value={values[key]}
      error={errorOf(key)}
      onChange={(v) => set(key, v)}
      {...opts}
    />
  );
  const link = (key: LinkKey, label: string, hint?: string) => (
    <LinkField
      name={key}
      label={label}
      hint={hint}
      value={values[key]}
      error={errorOf(key)}
      onChange={(v) => set(key, v)}
    />
  );
  const panel = (name: FormTab) => panelProps(name, tab);

  return (
    <form className="club-form" onSubmit={submit} noValidate onClickCapture={onClickCapture}>
      <ErrorSummary errors={errors} />
      <FormTabs active={tab} onSelect={setTab} />

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
        <ImagePicker
          name="image"
          label={t.coverImage}
          src={coverSrc}
          position={{ x: values.cover_position_x, y: values.cover_position_y }}
          error={errorOf("image")}
          onChange={(f) => setImage("image", f)}
          onRefused={(message) => showErrors([{ name: "image", field: fieldId("image"), message }])}
        />
        <CoverPositioner
          src={coverSrc}
          x={values.cover_position_x}
          y={values.cover_position_y}
          onChange={(axis, value) => set(axis, value)}
        />
        <ImagePicker
          name="profile_picture"
          label={t.profilePicture}
          src={profileSrc}
          error={errorOf("profile_picture")}
          onChange={(f) => setImage("profile_picture", f)}
          onRefused={(message) =>
            showErrors([{ name: "profile_picture", field: fieldId("profile_picture"), message }])
          }
        />
      </div>

      <div {...panel("members")}>
        <h2 className="section-title">{t.officers}</h2>
        <p className="muted">{t.officersHint}</p>
        {text("president", t.president)}
        {text("vice", t.vice)}
        {text("secretary", t.secretary)}
        {text("member_criteria", t.memberCriteria, { area: true })}
        <fieldset className="fieldset">
          <legend className="section-title">{m.joinQuestions.formTitle}</legend>
          <p className="muted">{m.joinQuestions.formHint}</p>
          {JOIN_QUESTION_KEYS.map((key, i) => (
            <Fragment key={key}>{text(key, format(m.joinQuestions.questionLabel, { n: i + 1 }))}</Fragment>
          ))}
        </fieldset>
        {club ? (
          <>
            {/* An officer with edit_club edits the page; the Directiva and the handover stay the owner's. */}
            {club.can_edit || club.my_permissions?.includes("accept_requests") ? (
              <MembersManager clubId={club.id} initial={club.members} />
            ) : null}
            {club.can_edit ? <OfficersManager clubId={club.id} members={club.members} /> : null}
            {club.can_edit ? <HandoverManager clubId={club.id} members={club.members} /> : null}
          </>
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
          {link("facebook", t.facebook, t.socialHint)}
          {link("instagram", t.instagram, t.socialHint)}
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
        <UploadProgress percent={progress} />
      </div>
    </form>
  );
}
