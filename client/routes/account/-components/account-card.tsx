import type { ReactNode } from "react";

/** The narrow card every account screen sits in (log in, sign up, profile, password reset). */
export function AccountCard({
  title,
  intro,
  children,
}: {
  title?: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <div className="page page--narrow">
      <div className="card-panel">
        {title ? <h1 className="page__title">{title}</h1> : null}
        {intro ? <p className="page__intro">{intro}</p> : null}
        {children}
      </div>
    </div>
  );
}
