import type { JoinAnswer } from "../../common/api/connections";
import { m } from "../../common/messages";

/** The answers to a club's join questions, as the owner reads them beside a request. */
export function JoinAnswers({ answers }: { answers?: JoinAnswer[] }) {
  if (!answers?.length) return null;
  return (
    <dl className="join-answers" aria-label={m.joinQuestions.answersTitle}>
      {answers.map((a) => (
        <div key={a.question} className="join-answers__item">
          <dt className="join-answers__question">{a.question}</dt>
          <dd className="join-answers__answer">{a.answer || m.joinQuestions.noAnswer}</dd>
        </div>
      ))}
    </dl>
  );
}
