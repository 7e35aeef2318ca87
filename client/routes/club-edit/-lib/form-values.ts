/**
 * The club form's values (every club field of spec section 7), their checks, and the multipart
 * body for POST /api/clubs and PUT /api/clubs/{id}. Pure, unit-tested in form-values.test.ts.
 */

import type { ClubDetail } from "../../../../common/api/clubs";
import { m } from "../../../../common/messages";
import type { FieldError } from "../../../lib/api";
import { normalizeWhatsapp, previewFor } from "./links";

export const SOCIAL_KEYS = ["facebook", "instagram", "google_forms", "whatsapp"] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];
export const FORM_TABS = ["overview", "members", "connect"] as const;
export type FormTab = (typeof FORM_TABS)[number];

export const JOIN_QUESTION_KEYS = ["join_question_1", "join_question_2", "join_question_3"] as const;
export type JoinQuestionKey = (typeof JOIN_QUESTION_KEYS)[number];

export type ClubFormValues = {
  name: string;
  description: string;
  profile_description: string;
  tags: string;
  is_open: boolean;
  region: string;
  meeting_location: string;
  president: string;
  vice: string;
  secretary: string;
  member_criteria: string;
  contact_hours: string;
  response_time: string;
  cover_position_x: number;
  cover_position_y: number;
} & Record<SocialKey, string> &
  Record<JoinQuestionKey, string>;

export type TextKey = Exclude<keyof ClubFormValues, "is_open" | "cover_position_x" | "cover_position_y">;

export const DEFAULT_COVER_POSITION = 50;

export function emptyValues(): ClubFormValues {
  return {
    name: "",
    description: "",
    profile_description: "",
    tags: "",
    is_open: true,
    region: "",
    meeting_location: "",
    president: "",
    vice: "",
    secretary: "",
    member_criteria: "",
    contact_hours: "",
    response_time: "",
    cover_position_x: DEFAULT_COVER_POSITION,
    cover_position_y: DEFAULT_COVER_POSITION,
    facebook: "",
    instagram: "",
    google_forms: "",
    whatsapp: "",
    join_question_1: "",
    join_question_2: "",
    join_question_3: "",
  };
}

export function valuesFromClub(club: ClubDetail): ClubFormValues {
  const s = club.social_links ?? { facebook: null, instagram: null, google_forms: null, whatsapp: null };
  return {
    name: club.name,
    description: club.description ?? "",
    profile_description: club.profile_description ?? "",
    tags: club.tags ?? "",
    is_open: club.is_open,
    region: club.region ?? "",
    meeting_location: club.meeting_location ?? "",
    president: club.president ?? "",
    vice: club.vice ?? "",
    secretary: club.secretary ?? "",
    member_criteria: club.member_criteria ?? "",
    contact_hours: club.contact_hours ?? "",
    response_time: club.response_time ?? "",
    cover_position_x: club.cover_position_x ?? DEFAULT_COVER_POSITION,
    cover_position_y: club.cover_position_y ?? DEFAULT_COVER_POSITION,
    facebook: s.facebook ?? "",
    instagram: s.instagram ?? "",
    google_forms: s.google_forms ?? "",
    whatsapp: s.whatsapp ?? "",
    join_question_1: club.join_questions?.[0] ?? "",
    join_question_2: club.join_questions?.[1] ?? "",
    join_question_3: club.join_questions?.[2] ?? "",
  };
}

/** The id of each field's control, and the tab it lives on. */
export const FIELD_TAB: Record<string, FormTab> = {
  name: "overview",
  description: "overview",
  profile_description: "overview",
  tags: "overview",
  is_open: "overview",
  region: "overview",
  image: "overview",
  profile_picture: "overview",
  cover_position_x: "overview",
  cover_position_y: "overview",
  president: "members",
  vice: "members",
  secretary: "members",
  member_criteria: "members",
  join_question_1: "members",
  join_question_2: "members",
  join_question_3: "members",
  meeting_location: "connect",
  contact_hours: "connect",
  response_time: "connect",
  social_links: "connect",
  facebook: "connect",
  instagram: "connect",
  google_forms: "connect",
  whatsapp: "connect",
};

export const fieldId = (name: string) => `club-${name.replace(/_/g, "-")}`;

export type ClubFormError = { field?: string; name?: string; message: string };

/** Spec section 5: name and short description required; links must be able to become links. */
export function validateClub(values: ClubFormValues): ClubFormError[] {
  const errors: ClubFormError[] = [];
  const t = m.clubForm;
  if (!values.name.trim()) errors.push({ name: "name", field: fieldId("name"), message: t.nameRequired });
  if (!values.description.trim())
    errors.push({ name: "description", field: fieldId("description"), message: t.descriptionRequired });
  for (const key of ["meeting_location", "facebook", "instagram", "google_forms"] as const) {
    if (previewFor(key)(values[key]) === null) {
      const message =
        key === "facebook" || key === "instagram"
          ? t.invalidSocial
          : key === "meeting_location"
            ? t.invalidMeetingPlace
            : t.invalidLink;
      errors.push({ name: key, field: fieldId(key), message });
    }
  }
  if (normalizeWhatsapp(values.whatsapp) === null)
    errors.push({ name: "whatsapp", field: fieldId("whatsapp"), message: t.invalidWhatsapp });
  return errors;
}

/** The multipart body. Links go as shown in the preview; images only when one was chosen. */
export function toFormData(
  values: ClubFormValues,
  images: { image: File | null; profile_picture: File | null },
): FormData {
  const form = new FormData();
  const plain = [
    "name",
    "description",
    "profile_description",
    "tags",
    "region",
    "president",
    "vice",
    "secretary",
    "member_criteria",
    "contact_hours",
    "response_time",
  ] as const;
  for (const key of plain) form.set(key, values[key].trim());
  form.set(
    "meeting_location",
    previewFor("meeting_location")(values.meeting_location) ?? values.meeting_location.trim(),
  );
  form.set("is_open", String(values.is_open));
  form.set("cover_position_x", String(Math.round(values.cover_position_x)));
  form.set("cover_position_y", String(Math.round(values.cover_position_y)));
  const social: Record<string, string> = {};
  for (const key of SOCIAL_KEYS) {
    const normalised = previewFor(key)(values[key]);
    social[key] = normalised ?? values[key].trim();
  }
  form.set("social_links", JSON.stringify(social));
  form.set(
    "join_questions",
    JSON.stringify(JOIN_QUESTION_KEYS.map((key) => values[key].trim()).filter(Boolean)),
  );
  if (images.image) form.set("image", images.image);
  if (images.profile_picture) form.set("profile_picture", images.profile_picture);
  return form;
}

/** Server validation entries ({loc: ["body", "social_links", "whatsapp"], msg}) as form errors. */
export function errorsFromDetail(detail: FieldError[]): ClubFormError[] {
  return detail.map((d) => {
    const loc = d.loc.map(String).filter((part) => part !== "body");
    const name =
      loc[0] === "social_links" && loc[1]
        ? loc[1]
        : loc[0] === "join_questions"
          ? `join_question_${Number(loc[1] ?? 0) + 1}`
          : loc[0];
    if (name && name in FIELD_TAB && name !== "social_links")
      return { name, field: fieldId(name), message: d.msg };
    return { message: loc.length ? `${loc.join(".")}: ${d.msg}` : d.msg };
  });
}
