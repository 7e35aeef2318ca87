import { format, m } from "../../../common/messages";
import { Invalid } from "../../lib/errors";
import { parseDate } from "../posts";
import { type CreatePollInput, POLL_RULES } from "./schema";

const fold = (text: string) => text.normalize("NFKC").toLocaleLowerCase().replace(/\s+/g, " ");

/** The question and options trimmed and checked; closes_at parsed and in the future. */
export function parsePollInput(input: CreatePollInput, now = new Date()) {
  const question = input.question.trim();
  if (!question) throw Invalid.field(["body", "question"], m.polls.questionEmpty);
  const options = input.options.map((o) => o.trim());
  if (options.length < POLL_RULES.minOptions || options.length > POLL_RULES.maxOptions) {
    throw Invalid.field(
      ["body", "options"],
      format(m.polls.optionCount, { min: POLL_RULES.minOptions, max: POLL_RULES.maxOptions }),
    );
  }
  const empty = options.findIndex((o) => !o);
  if (empty >= 0) throw Invalid.field(["body", "options", empty], m.polls.optionEmpty);
  const seen = new Set<string>();
  options.forEach((o, i) => {
    if (seen.has(fold(o))) throw Invalid.field(["body", "options", i], m.polls.optionRepeated);
    seen.add(fold(o));
  });
  const closesAt = parseDate(input.closes_at, ["body", "closes_at"]);
  if (closesAt && closesAt <= now) throw Invalid.field(["body", "closes_at"], m.polls.closesInPast);
  return { question, options, multiple: input.multiple, anonymous: input.anonymous, closesAt };
}

/** A ballot's indexes: one unless the poll is `multiple`, each known, none twice. */
export function parseChoices(choices: number[], poll: { options: string[]; multiple: boolean }): number[] {
  const loc = ["body", "options"];
  if (choices.length === 0) throw Invalid.field(loc, poll.multiple ? m.polls.someChoice : m.polls.oneChoice);
  if (!poll.multiple && choices.length !== 1) throw Invalid.field(loc, m.polls.oneChoice);
  if (new Set(choices).size !== choices.length) throw Invalid.field(loc, m.polls.repeatedChoice);
  if (choices.some((c) => c >= poll.options.length)) throw Invalid.field(loc, m.polls.unknownChoice);
  return [...choices].sort((a, b) => a - b);
}
