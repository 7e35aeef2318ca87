import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { BlockedUser } from "../../../common/api/blocks";
import { format, m } from "../../../common/messages";
import { errorText, useApi, useResource } from "../../lib/use-resource";
import { Avatar } from "../avatar";
import { useBlocksChanged } from "./block-cache";

const t = m.safetyPage;

/** The profile's list of blocked people, each with Unblock. */
export function BlockedPeople() {
  const api = useApi();
  const blocksChanged = useBlocksChanged();
  const list = useResource(["blocks"], (a) => a.get<BlockedUser[]>("/api/blocks"));
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);

  const unblock = async (person: BlockedUser) => {
    setStatus(null);
    try {
      await api.del(`/api/blocks/${person.user_id}`);
      list.setData((rows) => (rows ?? []).filter((row) => row.user_id !== person.user_id));
      blocksChanged();
      setStatus({ error: false, text: format(t.unblockedToast, { name: person.display_name }) });
    } catch (error) {
      setStatus({ error: true, text: errorText(error, t.failed) });
    }
  };

  return (
    <section className="card-panel safety__panel" aria-labelledby="blocked-people-title">
      <h2 className="safety__title" id="blocked-people-title">
        {t.blockedTitle}
      </h2>
      <p className="field__hint">{t.blockedHint}</p>
      {list.data === null ? null : list.data.length === 0 ? (
        <p className="muted">{t.blockedEmpty}</p>
      ) : (
        <ul className="safety__list">
          {list.data.map((person) => (
            <li key={person.user_id} className="safety__person" data-testid="blocked-person">
              <Avatar src={person.profile_picture_url} name={person.display_name} size={32} />
              <Link to="/users/$userId" params={{ userId: String(person.user_id) }} className="safety__name">
                {person.display_name}
              </Link>
              <button
                type="button"
                className="button button--secondary button--small"
                aria-label={format(t.unblockNamed, { name: person.display_name })}
                onClick={() => void unblock(person)}
              >
                {t.unblock}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="safety__status" role={status?.error ? "alert" : "status"}>
        {status?.text ?? ""}
      </p>
    </section>
  );
}
