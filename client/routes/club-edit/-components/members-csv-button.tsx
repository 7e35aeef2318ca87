import Download from "lucide-react/icons/download";
import { useState } from "react";
import { m } from "../../../../common/messages";
import { Alert } from "../../../components/form";
import { downloadFile } from "../../../lib/download-file";

/** Downloads the club's members (join date and answers) as a CSV file, with the session's token. */
export function MembersCsvButton({ clubId }: { clubId: number }) {
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      await downloadFile({
        path: `/api/clubs/${clubId}/members.csv`,
        fallbackName: `members-club-${clubId}.csv`,
        fallback: m.exports.ownerOnly,
      });
    } catch (cause) {
      setError((cause as Error).message || m.exports.ownerOnly);
    }
  };
  return (
    <div className="members-manager__export">
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void download()}
      >
        <Download aria-hidden="true" size={16} />
        {m.exports.downloadMembers}
      </button>
      {error ? <Alert>{error}</Alert> : null}
    </div>
  );
}
