import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import type { TagCount } from "../../../common/api/clubs";
import type { Interests, InterestsBody } from "../../../common/api/interests";
import { REGIONS } from "../../../common/enums";
import { m } from "../../../common/messages";
import { Alert, Field } from "../../components/form";
import { PageSkeleton } from "../../components/skeleton";
import { INTERESTS_KEY, SUGGESTED_KEY } from "../../lib/interest-keys";
import { errorText, useApi, useResource } from "../../lib/use-resource";

const t = m.interestsPage;

/**
 * Topics are the tags clubs already use (so every pick can match a club), plus region and
 * school. Saving or skipping both record an answer, so the prompt on /profile goes away.
 */
export function InterestsPage() {
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const saved = useResource(INTERESTS_KEY, (a) => a.get<Interests>("/api/users/me/interests"), {
    fallback: t.loadFailed,
  });
  const tags = useResource(["clubs", "tags"], (a) => a.get<TagCount[]>("/api/clubs/tags"));
  const [picked, setPicked] = useState<string[] | null>(null);
  const [region, setRegion] = useState("");
  const [school, setSchool] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!saved.data || picked !== null) return;
    setPicked(saved.data.tags);
    setRegion(saved.data.region ?? "");
    setSchool(saved.data.school ?? "");
  }, [saved.data, picked]);

  // Saved or skipped, onboarding goes on to what was found (issue 50): "Para vos".
  const send = async (body: InterestsBody, to: "/for-you") => {
    setBusy(true);
    setError(null);
    try {
      const result = await api.put<Interests>("/api/users/me/interests", { json: body, fallback: t.failed });
      queryClient.setQueryData(INTERESTS_KEY, result);
      await queryClient.invalidateQueries({ queryKey: SUGGESTED_KEY });
      await navigate({ to });
    } catch (cause) {
      setError(errorText(cause, t.failed));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(
      { tags: picked ?? [], region: (region || null) as InterestsBody["region"], school },
      "/for-you",
    );
  };

  if (saved.error) return <Alert>{saved.error}</Alert>;
  if (!saved.data || picked === null) return <PageSkeleton />;
  const toggle = (tag: string) =>
    setPicked((current) =>
      current?.includes(tag) ? current.filter((x) => x !== tag) : [...(current ?? []), tag],
    );

  return (
    <div className="page page--narrow interests-page">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      <form className="form card-panel" onSubmit={submit} noValidate>
        {error ? <Alert>{error}</Alert> : null}
        <fieldset className="interest-tags">
          <legend>{t.tagsLegend}</legend>
          {(tags.data ?? []).length === 0 && !tags.loading ? <p>{t.noTags}</p> : null}
          {(tags.data ?? []).map(({ tag }) => (
            <label key={tag} className="interest-tag">
              <input
                type="checkbox"
                name="tags"
                value={tag}
                checked={picked.includes(tag)}
                onChange={() => toggle(tag)}
              />
              <span>{tag}</span>
            </label>
          ))}
        </fieldset>
        <Field id="interest-region" label={t.region}>
          <select
            id="interest-region"
            name="region"
            className="select"
            value={region}
            onChange={(e) => setRegion(e.target.value)}
          >
            <option value="">{t.anyRegion}</option>
            {REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field id="interest-school" label={t.school}>
          <input
            id="interest-school"
            name="school"
            className="input"
            autoComplete="organization"
            maxLength={200}
            value={school}
            onChange={(e) => setSchool(e.target.value)}
          />
        </Field>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t.saving : t.save}
          </button>
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => void send({}, "/for-you")}
          >
            {t.skip}
          </button>
        </div>
      </form>
    </div>
  );
}
