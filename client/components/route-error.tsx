import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { format, m } from "../../common/messages";
import { Alert } from "./form";

/** Shown when a page fails to load (a loader threw): the reason and a retry. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error && error.message ? error.message : m.shellCommon.somethingWrong;
  return (
    <div className="page">
      <Alert>{format(m.shellCommon.errorPrefix, { message })}</Alert>
      <p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          {m.shellCommon.retry}
        </button>
      </p>
    </div>
  );
}
