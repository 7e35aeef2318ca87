import { Link, useBlocker, useNavigate, useRouter, useRouterState } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import type { Profile } from "../../../common/api/users";
import { m } from "../../../common/messages";
import { askToConfirm } from "../../components/confirm-host";
import { Alert, ErrorSummary, MultiLine } from "../../components/form";
import { useSession } from "../../components/session-provider";
import { PageSkeleton } from "../../components/skeleton";
import { UploadProgress } from "../../components/upload-progress";
import {
  clearSignupCredentials,
  loadProfileDraft,
  loadSignupCredentials,
  type ProfileDraft,
  type SignupCredentials,
  saveProfileDraft,
  saveSignupCredentials,
} from "../../lib/handoff";
import { PROFILE_TEXT_FIELDS } from "../../lib/profile-fields";
import { signupErrorsFrom } from "../../lib/signup-errors";
import { prepareImage } from "../../lib/upload/prepare-image";
import { errorFor, type FormError, validateProfile } from "../../lib/validation";
import { AccountCard } from "./-components/account-card";
import { credentialProblems } from "./-components/credential-problems";
import { CredentialsFix, type CredentialValues } from "./-components/credentials-fix";
import { ProfileCreateFields } from "./-components/profile-create-fields";
import { VerifyEmailStep } from "./-components/verify-email-step";

const t = m.profileCreatePage;

type Step = "resuming" | "profile" | "verify";

/**
 * `/profile/create`: the profile form, then the e-mail code. With the draft from /signup,
 * saving creates the account in one call (POST /signup/complete) and signs in; a signed-in user
 * without it (sent here to complete a profile) saves with PUT /api/users/me/profile. A reload
 * resumes the step the account is at: a saved profile goes on to its code, a verified one to
 * /profile.
 */
export function ProfileCreatePage() {
  const { api } = useRouter().options.context;
  const { user, ready, signIn } = useSession();
  const navigate = useNavigate();
  const notice = useRouterState({
    select: (s) => (s.location.state as { notice?: unknown }).notice,
  });
  const [credentials, setCredentials] = useState<SignupCredentials | null>(null);
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [fix, setFix] = useState<CredentialValues>({ username: "", password: "", confirm: "" });
  const [ask, setAsk] = useState({ username: false, password: false });
  const [refused, setRefused] = useState<{ username?: string; password?: string }>({});
  const [step, setStep] = useState<Step>("resuming");
  const [errors, setErrors] = useState<FormError[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    const held = loadSignupCredentials();
    setCredentials(held);
    setDraft(loadProfileDraft());
    setFix({ username: held?.username ?? "", password: held?.password ?? "", confirm: held?.password ?? "" });
    // After a reload the password is gone (it is never stored): ask for it here, clearly.
    setAsk({ username: false, password: held !== null && held.password === null });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-judged when the signed-in account changes
  useEffect(() => {
    if (!ready) return;
    if (!user) {
      setStep((s) => (s === "resuming" ? "profile" : s));
      return;
    }
    let live = true;
    api.get<Profile>("/api/users/me").then(
      (me) => {
        if (!live) return;
        if (me.profile_completed && me.email_verified) void navigate({ to: "/profile", replace: true });
        else setStep(me.profile_completed ? "verify" : "profile");
      },
      () => live && setStep("profile"),
    );
    return () => {
      live = false;
    };
  }, [ready, user?.id]);

  // Going back to /signup loses nothing (the draft is kept), so only leaving the sign-up asks.
  useBlocker({
    shouldBlockFn: async ({ next }) =>
      dirty &&
      next.pathname !== "/signup" &&
      !(await askToConfirm({ message: t.unsaved, confirmLabel: m.shellCommon.confirmLeave })),
    enableBeforeUnload: () => dirty,
  });

  const signingUp = !user && credentials !== null;
  const missing = ready && draft !== null && !credentials && !user;

  const keepDraft = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const profile: ProfileDraft = {};
    for (const key of PROFILE_TEXT_FIELDS) profile[key] = String(data.get(key) ?? "");
    saveProfileDraft(profile);
  };

  const changeCredentials = (next: CredentialValues) => {
    setFix(next);
    if (next.username !== fix.username) setRefused((r) => ({ ...r, username: undefined }));
    if (next.password !== fix.password) setRefused((r) => ({ ...r, password: undefined }));
    if (credentials) {
      saveSignupCredentials({
        username: next.username.trim() || credentials.username,
        role: credentials.role,
        password: next.password || null,
      });
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const picture = form.get("picture");
    const file = picture instanceof File && picture.size > 0 ? picture : null;
    const found = [
      ...(signingUp ? credentialProblems({ values: fix, ask, refused }) : []),
      ...validateProfile({
        first_name: String(form.get("first_name") ?? ""),
        last_name: String(form.get("last_name") ?? ""),
        email: String(form.get("email") ?? ""),
        picture: file,
      }),
    ];
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
      if (signingUp && credentials) {
        body.set("username", ask.username ? fix.username.trim() : credentials.username);
        body.set("password", ask.password ? fix.password : (credentials.password ?? ""));
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
      const sorted = signupErrorsFrom(cause, t.failed);
      if (signingUp && (sorted.username || sorted.password)) {
        // The refused detail gets its own field, in place, with the typed profile kept.
        setAsk((a) => ({
          username: a.username || !!sorted.username,
          password: a.password || !!sorted.password,
        }));
        setRefused({ username: sorted.username, password: sorted.password });
        setErrors([
          ...(sorted.username ? [{ field: "fix-username", message: sorted.username }] : []),
          ...(sorted.password ? [{ field: "fix-password", message: sorted.password }] : []),
        ]);
      }
      if (sorted.other) setServerError(sorted.other);
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
  if (step === "resuming" || draft === null) {
    return (
      <AccountCard title={t.title} intro={t.intro}>
        <PageSkeleton lines={6} />
      </AccountCard>
    );
  }

  return (
    <AccountCard title={t.title} intro={t.intro}>
      {typeof notice === "string" && notice ? <Alert kind="info">{notice}</Alert> : null}
      {missing ? (
        <Alert>
          {t.missingCredentials} <Link to="/signup">{t.signUpAgain}</Link>
        </Alert>
      ) : null}
      <form
        className="form"
        method="post"
        encType="multipart/form-data"
        onSubmit={submit}
        onChange={(e) => {
          setDirty(true);
          if (signingUp) keepDraft(e.currentTarget);
        }}
        noValidate
      >
        <ErrorSummary errors={errors} />
        {serverError ? (
          <Alert>
            <MultiLine text={serverError} />
          </Alert>
        ) : null}
        {signingUp && (ask.username || ask.password) ? (
          <CredentialsFix
            values={fix}
            onChange={changeCredentials}
            usernameError={refused.username}
            passwordError={refused.password}
            askUsername={ask.username}
            askPassword={ask.password}
          />
        ) : null}
        <ProfileCreateFields draft={draft} fieldError={(id) => errorFor(errors, id)} />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t.saving : t.save}
        </button>
        <UploadProgress percent={progress} />
      </form>
    </AccountCard>
  );
}
