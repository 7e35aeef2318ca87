import { Link, useBlocker, useNavigate, useRouter, useRouterState } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { GENDERS, REGIONS } from "../../../common/enums";
import { m } from "../../../common/messages";
import { Alert, describedBy, ErrorSummary, Field, MultiLine } from "../../components/form";
import { useSession } from "../../components/session-provider";
import { UploadProgress } from "../../components/upload-progress";
import { ApiError } from "../../lib/api";
import { clearSignupCredentials, loadSignupCredentials, type SignupCredentials } from "../../lib/handoff";
import { PROFILE_TEXT_FIELDS } from "../../lib/profile-fields";
import { prepareImage } from "../../lib/upload/prepare-image";
import { errorFor, type FormError, validateProfile } from "../../lib/validation";
import { AccountCard } from "./-components/account-card";
import { VerifyEmailStep } from "./-components/verify-email-step";

const t = m.profileCreatePage;

/**
 * `/profile/create`: the profile form, then the e-mail code. With the credentials from /signup,
 * saving creates the account in one call (POST /signup/complete) and signs in; a signed-in user
 * without them (sent here to complete a profile) saves with PUT /api/users/me/profile.
 */
export function ProfileCreatePage() {
  const { api } = useRouter().options.context;
  const { user, ready, signIn } = useSession();
  const navigate = useNavigate();
  const notice = useRouterState({
    select: (s) => (s.location.state as { notice?: unknown }).notice,
  });
  const [credentials, setCredentials] = useState<SignupCredentials | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [step, setStep] = useState<"profile" | "verify">("profile");
  const [errors, setErrors] = useState<FormError[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    setCredentials(loadSignupCredentials());
    setLoaded(true);
  }, []);

  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm(t.unsaved),
    enableBeforeUnload: () => dirty,
  });

  const missing = loaded && ready && !credentials && !user;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const picture = form.get("picture");
    const file = picture instanceof File && picture.size > 0 ? picture : null;
    const found = validateProfile({
      first_name: String(form.get("first_name") ?? ""),
      last_name: String(form.get("last_name") ?? ""),
      email: String(form.get("email") ?? ""),
      picture: file,
    });
    // Type and size checked, and the photo shrunk, before anything is sent.
    const prepared =
      file && !found.some((e) => e.field === "profile-picture") ? await prepareImage(file) : null;
    if (prepared && !prepared.ok) found.push({ field: "profile-picture", message: prepared.message });
    setErrors(found);
    setServerError(null);
    if (found.length) return;
    if (!credentials && !user) {
      setServerError(t.missingCredentials);
      return;
    }
    const body = new FormData();
    for (const key of PROFILE_TEXT_FIELDS) body.set(key, String(form.get(key) ?? "").trim());
    if (prepared?.ok) body.set("picture", prepared.file);
    setBusy(true);
    try {
      if (credentials) {
        body.set("username", credentials.username);
        body.set("password", credentials.password);
        body.set("role", credentials.role);
        const result = await api.post<{ access_token: string }>("/signup/complete", {
          multipart: body,
          token: null,
          fallback: t.failed,
          messagesOnly: true,
          onUploadProgress: prepared ? setProgress : undefined,
        });
        signIn(result.access_token);
        clearSignupCredentials();
        setCredentials(null);
      } else {
        await api.put("/api/users/me/profile", {
          multipart: body,
          fallback: t.failed,
          onUploadProgress: prepared ? setProgress : undefined,
        });
      }
      setDirty(false);
      setStep("verify");
    } catch (cause) {
      setServerError(cause instanceof ApiError ? cause.message : t.failed);
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  if (step === "verify") {
    return (
      <AccountCard>
        <VerifyEmailStep onVerified={() => navigate({ to: "/profile" })} />
      </AccountCard>
    );
  }

  const fieldError = (id: string) => errorFor(errors, id);
  return (
    <AccountCard title={t.title} intro={t.intro}>
      {typeof notice === "string" && notice ? <Alert kind="info">{notice}</Alert> : null}
      {missing ? (
        <Alert>
          {t.missingCredentials} <Link to="/signup">{t.signUpAgain}</Link>
        </Alert>
      ) : null}
      <form
        ref={formRef}
        className="form"
        method="post"
        encType="multipart/form-data"
        onSubmit={submit}
        onChange={() => setDirty(true)}
        noValidate
      >
        <ErrorSummary errors={errors} />
        {serverError ? (
          <Alert>
            <MultiLine text={serverError} />
          </Alert>
        ) : null}
        <Field id="profile-first-name" label={t.firstName} required error={fieldError("profile-first-name")}>
          <input
            id="profile-first-name"
            className="input"
            name="first_name"
            autoComplete="given-name"
            aria-describedby={describedBy("profile-first-name", {
              error: fieldError("profile-first-name"),
            })}
          />
        </Field>
        <Field id="profile-middle-name" label={t.middleName}>
          <input
            id="profile-middle-name"
            className="input"
            name="middle_name"
            autoComplete="additional-name"
          />
        </Field>
        <Field id="profile-last-name" label={t.lastName} required error={fieldError("profile-last-name")}>
          <input
            id="profile-last-name"
            className="input"
            name="last_name"
            autoComplete="family-name"
            aria-describedby={describedBy("profile-last-name", { error: fieldError("profile-last-name") })}
          />
        </Field>
        <Field id="profile-email" label={t.email} required error={fieldError("profile-email")}>
          <input
            id="profile-email"
            className="input"
            name="email"
            type="email"
            autoComplete="email"
            aria-describedby={describedBy("profile-email", { error: fieldError("profile-email") })}
          />
        </Field>
        <Field id="profile-school" label={t.school}>
          <input id="profile-school" className="input" name="school" autoComplete="organization" />
        </Field>
        <Field id="profile-region" label={t.region}>
          <select id="profile-region" className="select" name="region" defaultValue="">
            <option value="">{t.chooseRegion}</option>
            {REGIONS.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </select>
        </Field>
        <Field id="profile-gender" label={t.gender}>
          <select id="profile-gender" className="select" name="gender" defaultValue="">
            <option value="">{t.chooseGender}</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t.genders[gender]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="profile-description" label={t.description}>
          <textarea id="profile-description" className="textarea" name="description" rows={4} />
        </Field>
        <Field
          id="profile-picture"
          label={t.picture}
          hint={t.pictureHint}
          error={fieldError("profile-picture")}
        >
          <input
            id="profile-picture"
            className="input"
            name="picture"
            type="file"
            accept="image/png,image/jpeg"
            aria-describedby={describedBy("profile-picture", {
              hint: true,
              error: fieldError("profile-picture"),
            })}
          />
        </Field>
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t.saving : t.save}
        </button>
        <UploadProgress percent={progress} />
      </form>
    </AccountCard>
  );
}
