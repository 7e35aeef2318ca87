import type { Interests, InterestsBody } from "../../../common/api/interests";
import { foldText } from "../../../common/club-rules";
import { format, m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { type FieldError, Invalid } from "../../lib/errors";
import { selectInterests, selectKnownTags, upsertInterests } from "./queries";

export function foldTag(tag: string): string {
  return foldText(tag.trim());
}

function present(row: Awaited<ReturnType<typeof selectInterests>>): Interests {
  return {
    tags: row?.tags ?? [],
    region: row?.region ?? null,
    school: row?.school ?? null,
    updated_at: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

export async function getInterests({ db, userId }: { db: Database; userId: number }): Promise<Interests> {
  return present(await selectInterests(db, userId));
}

/**
 * Saves what was sent over what was saved. Every tag must be one that some club uses (spelled
 * back as clubs spell it, duplicates dropped): a typo would otherwise match nothing, silently.
 */
export async function saveInterests({
  db,
  userId,
  input,
}: {
  db: Database;
  userId: number;
  input: InterestsBody;
}): Promise<Interests> {
  const saved = await selectInterests(db, userId);
  let tags = saved?.tags ?? [];
  if (input.tags) {
    const known = await selectKnownTags(db, input.tags.map(foldTag));
    const errors: FieldError[] = [];
    const spelled = new Set<string>();
    input.tags.forEach((tag, i) => {
      const match = known.get(foldTag(tag));
      if (match) spelled.add(match);
      else errors.push({ loc: ["body", "tags", i], msg: format(m.interests.unknownTag, { tag }) });
    });
    if (errors.length) throw new Invalid(errors);
    tags = [...spelled];
  }
  const values = {
    tags,
    region: input.region === undefined ? (saved?.region ?? null) : input.region,
    school: input.school === undefined ? (saved?.school ?? null) : input.school,
  };
  await upsertInterests(db, userId, values);
  return present(await selectInterests(db, userId));
}
