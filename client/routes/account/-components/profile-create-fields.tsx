import { useState } from "react";
import { GENDERS, REGIONS } from "../../../../common/enums";
import { m } from "../../../../common/messages";
import { describedBy, Field } from "../../../components/form";
import { ImagePicker, usePreview } from "../../../components/image-picker";
import type { ProfileDraft } from "../../../lib/handoff";

const t = m.profileCreatePage;

/**
 * The profile form's fields, filled from the sign-up draft (`draft`) so a reload or a way back
 * loses nothing. Uncontrolled: the page reads them with FormData.
 */
export function ProfileCreateFields({
  draft,
  fieldError,
}: {
  draft: ProfileDraft;
  fieldError: (id: string) => string | undefined;
}) {
  // The form sends the input itself (it works before JavaScript); this is only its preview.
  const [picture, setPicture] = useState<File | null>(null);
  const preview = usePreview(picture, null);
  const text = (id: string, name: string, label: string, autoComplete: string, required = false) => (
    <Field id={id} label={label} required={required} error={fieldError(id)}>
      <input
        id={id}
        className="input"
        name={name}
        type={name === "email" ? "email" : undefined}
        autoComplete={autoComplete}
        defaultValue={draft[name] ?? ""}
        aria-describedby={describedBy(id, { error: fieldError(id) })}
      />
    </Field>
  );
  return (
    <>
      {text("profile-first-name", "first_name", t.firstName, "given-name", true)}
      {text("profile-middle-name", "middle_name", t.middleName, "additional-name")}
      {text("profile-last-name", "last_name", t.lastName, "family-name", true)}
      {text("profile-email", "email", t.email, "email", true)}
      {text("profile-school", "school", t.school, "organization")}
      <Field id="profile-region" label={t.region}>
        <select id="profile-region" className="select" name="region" defaultValue={draft.region ?? ""}>
          <option value="">{t.chooseRegion}</option>
          {REGIONS.map((region) => (
            <option key={region} value={region}>
              {region}
            </option>
          ))}
        </select>
      </Field>
      <Field id="profile-gender" label={t.gender}>
        <select id="profile-gender" className="select" name="gender" defaultValue={draft.gender ?? ""}>
          <option value="">{t.chooseGender}</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t.genders[gender]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="profile-description" label={t.description}>
        <textarea
          id="profile-description"
          className="textarea"
          name="description"
          rows={4}
          defaultValue={draft.description ?? ""}
        />
      </Field>
      <ImagePicker
        id="profile-picture"
        name="picture"
        label={t.picture}
        hint={t.pictureHint}
        shape="logo"
        src={preview}
        previewAlt={m.screens.imagePicker.currentPicture}
        chooseText={m.screens.imagePicker.choosePicture}
        changeText={m.screens.imagePicker.changePicture}
        error={fieldError("profile-picture")}
        onPicked={setPicture}
      />
    </>
  );
}
