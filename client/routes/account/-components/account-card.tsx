import { type ReactNode, useRef } from "react";
import { earlyInputHolder, useKeepEarlyInput } from "../../../components/early-input";

/**
 * The narrow card every account screen sits in (log in, sign up, profile, password reset). These
 * are the forms a visitor meets first, server-rendered, so what is typed before the page has
 * started is kept (client/components/early-input.ts).
 */
export function AccountCard({
  title,
  intro,
  children,
}: {
  title?: string;
  intro?: string;
  children: ReactNode;
}) {
  const card = useRef<HTMLDivElement>(null);
  useKeepEarlyInput(card);
  return (
    <div className="page page--narrow" ref={card} {...earlyInputHolder}>
      <div className="card-panel">
        {title ? <h1 className="page__title">{title}</h1> : null}
        {intro ? <p className="page__intro">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
