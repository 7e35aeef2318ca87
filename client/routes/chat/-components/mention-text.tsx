import { splitMentions } from "../../../../common/mentions";

/** A message's text with its `@username` mentions highlighted (common/mentions.ts finds them). */
export function MentionText({ text }: { text: string }) {
  return (
    <>
      {splitMentions(text).map((part, index) =>
        part.username ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <strong key={index} className="bubble__mention">
            {part.text}
          </strong>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
