import { Link, useNavigate } from "@tanstack/react-router";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import type { Profile } from "../../../common/api/users";
import { GENDERS, REGIONS } from "../../../common/enums";
import { m } from "../../../common/messages";
import { Alert, describedBy, ErrorSummary, Field, type FieldErrors, MultiLine } from "../../components/form";
import { ImagePicker } from "../../components/image-picker";
import { PageSkeleton } from "../../components/skeleton";
import { UploadProgress } from "../../components/upload-progress";
import { PROFILE_TEXT_FIELDS } from "../../lib/profile-fields";
import { useApi, useResource } from "../../lib/use-resource";
import { PICTURE_ACCEPT } from "./-lib/picture";

const t = m.editProfilePage;

type Values = Record<(typeof PROFILE_TEXT_FIELDS)[number], string>;

function toValues(p: Profile): Values {
  return {
    first_name: p.first_name ?? "",
    middle_name: p.middle_name ?? "",
    last_name: p.last_name ?? "",
    email: p.email ?? "",
    school: p.school ?? "",
    region: p.region ?? "",
    gender: p.gender ?? "",
    description: p.description ?? "",
  };
}

export function EditProfilePage() {
  const profile = useResource(["users", "me"], (api) => api.get<Profile>("/api/users/me"), {
    fallback: t.failedLoad,
  });
  if (profile.error) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">{t.title}</h1>
        <Alert>
          <MultiLine text={profile.error} />
        </Alert>
        <button type="button" className="button button--ghost" onClick={() => void profile.reload()}>
          {m.listCommon.retry}
        </button>
      </div>
    );
  }
  if (!profile.data) return <PageSkeleton lines={8} />;
  return <EditProfileForm profile={profile.data} />;
}

/**
 * The profile form (PUT /api/users/me/profile, multipart). First name, last name and e-mail are
 * required ("…are required", no final period on this screen); the picture must be PNG, JPG or
 * JPEG and is previewed before saving. A failed save keeps everything typed.
 */
function EditProfileForm({ profile }: { profile: Profile }) {
  const api = useApi();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(() => toValues(profile));
  const [picture, setPicture] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<{ field?: string; message: string }[]>([]);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const emailChanged = values.email.trim().toLowerCase() !== (profile.email ?? "").trim().toLowerCase();

  useEffect(() => {
    if (!picture) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(picture);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [picture]);

  const set =
    (field: keyof Values) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: event.target.value }));

  // The picker checks and shrinks the file (a refused one never stays in the form).
  const onPicture = (file: File | null) => {
    if (file) setErrors((e) => ({ ...e, picture: undefined }));
    setPicture(file);
  };

  const clearPicture = () => {
    setPicture(null);
    if (fileRef.current) fileRef.current.value = "";
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors = {
      first_name: values.first_name.trim() ? undefined : t.firstNameMissing,
      last_name: values.last_name.trim() ? undefined : t.lastNameMissing,
      email: values.email.trim() ? undefined : t.emailMissing,
    };
    if (missing.first_name || missing.last_name || missing.email) {
      setErrors((e) => ({ ...e, ...missing }));
      setSummary([{ message: t.required }]);
      return;
    }
    setErrors((e) => ({ picture: e.picture }));
    setSummary([]);
    setSaving(true);
    const form = new FormData();
    for (const field of PROFILE_TEXT_FIELDS) form.set(field, values[field].trim());
    if (picture) form.set("picture", picture);
    try {
      await api.put<Profile>("/api/users/me/profile", {
        multipart: form,
        fallback: t.failedSave,
        onUploadProgress: picture ? setProgress : undefined,
      });
      await navigate({ to: "/profile", search: { saved: emailChanged ? "verify" : "1" } });
    } catch (error) {
      setSummary([{ message: (error as Error).message || t.failedSave }]);
      setSaving(false);
      setProgress(null);
    }
  };

  const text = (
    field: keyof Values,
    label: string,
    options: { required?: boolean; type?: string; hint?: string; autoComplete?: string } = {},
  ) => (
    <Field id={field} label={label} required={options.required} error={errors[field]} hint={options.hint}>
      <input
        id={field}
        name={field}
        className="input"
        type={options.type ?? "text"}
        value={values[field]}
        onChange={set(field)}
        autoComplete={options.autoComplete}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(field, { hint: options.hint, error: errors[field] })}
      />
    </Field>
  );

  return (
    <div className="page page--narrow edit-profile">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      <form className="form card-panel" onSubmit={submit} noValidate>
        <ErrorSummary errors={summary} />
        <div className="edit-profile__picture">
          <ImagePicker
            id="picture"
            name="picture"
            label={t.picture}
            hint={t.pictureHint}
            shape="logo"
            src={preview ?? profile.profile_picture_url}
            previewAlt={preview ? t.picturePreview : m.screens.imagePicker.currentPicture}
            chooseText={m.screens.imagePicker.choosePicture}
            changeText={m.screens.imagePicker.changePicture}
            accept={PICTURE_ACCEPT}
            inputRef={fileRef}
            error={errors.picture}
            onChange={onPicture}
            onRefused={(message) => setErrors((e) => ({ ...e, picture: message }))}
          />
          {picture ? (
            <button type="button" className="button button--ghost button--small" onClick={clearPicture}>
              {t.removePicture}
            </button>
          ) : null}
        </div>
        {text("first_name", t.firstName, { required: true, autoComplete: "given-name" })}
        {text("middle_name", t.middleName, { autoComplete: "additional-name" })}
        {text("last_name", t.lastName, { required: true, autoComplete: "family-name" })}
        {text("email", t.email, {
          required: true,
          type: "email",
          autoComplete: "email",
          hint: emailChanged && profile.email ? t.emailChangeHint : undefined,
        })}
        {text("school", t.school, { autoComplete: "organization" })}
        <Field id="region" label={t.region}>
          <select id="region" name="region" className="select" value={values.region} onChange={set("region")}>
            <option value="">{t.chooseRegion}</option>
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field id="gender" label={t.gender}>
          <select id="gender" name="gender" className="select" value={values.gender} onChange={set("gender")}>
            <option value="">{t.chooseGender}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {m.profilePage.genders[g]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="description" label={t.description} hint={t.descriptionHint}>
          <textarea
            id="description"
            name="description"
            className="textarea"
            rows={6}
            maxLength={5000}
            value={values.description}
            onChange={set("description")}
            aria-describedby={describedBy("description", { hint: true })}
          />
        </Field>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={saving}>
            {saving ? t.saving : t.save}
          </button>
          <Link to="/profile" className="button button--ghost">
            {t.cancel}
          </Link>
        </div>
        <UploadProgress percent={progress} />
      </form>
    </div>
  );
}
