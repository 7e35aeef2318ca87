import { m } from "../../common/messages";
import type { Resource } from "../lib/use-resource";
import { Alert } from "./form";

/** A list or panel that failed to load (useResource): the reason and a Retry that reloads it. */
export function ResourceError({ resource }: { resource: Pick<Resource<unknown>, "error" | "reload"> }) {
  return (
    <Alert>
      <p>{resource.error}</p>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => void resource.reload()}
      >
        {m.listCommon.retry}
      </button>
    </Alert>
  );
}
