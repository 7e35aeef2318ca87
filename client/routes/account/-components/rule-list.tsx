import Check from "lucide-react/icons/check";
import Circle from "lucide-react/icons/circle";
import X from "lucide-react/icons/x";
import { m } from "../../../../common/messages";
import type { RuleCheck } from "../../../../common/signup-rules";

type RuleId = keyof typeof m.signupPage.ruleText;

/**
 * The rules a field must meet, shown before anything is typed and ticked off while typing
 * (common/signup-rules.ts is the one source the server applies too). `shown` is false until
 * the person typed something: an empty field has nothing yet to be wrong.
 */
export function RuleList({ id, checks, shown }: { id: string; checks: RuleCheck<RuleId>[]; shown: boolean }) {
  const t = m.signupPage;
  return (
    <ul className="rule-list" id={id}>
      {checks.map(({ rule, ok }) => {
        const state = !shown ? "todo" : ok ? "met" : "unmet";
        const Icon = state === "met" ? Check : state === "unmet" ? X : Circle;
        return (
          <li
            key={rule}
            className={`rule-list__item rule-list__item--${state}`}
            data-rule={rule}
            data-state={state}
          >
            <Icon aria-hidden="true" size={16} className="rule-list__icon" />
            <span>
              {t.ruleText[rule]}
              {shown ? <span className="visually-hidden"> ({ok ? t.ruleMet : t.ruleNotMet})</span> : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
