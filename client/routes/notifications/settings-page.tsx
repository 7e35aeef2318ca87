import { useState } from "react";
import type { NotificationSettingsUpdate } from "../../../common/api/notification-settings";
import { m } from "../../../common/messages";
import { announce } from "../../components/announcer";
import { type Notice, NoticeAlert } from "../../components/form";
import { ResourceError } from "../../components/resource-error";
import { useSession } from "../../components/session-provider";
import { PageSkeleton } from "../../components/skeleton";
import { useNotificationSettings } from "../../lib/notification-settings";
import { useMyConnections } from "../../lib/shared-data";
import { KindSwitches } from "./-components/kind-switches";
import { MutedClubs } from "./-components/muted-clubs";
import { PushSettings } from "./-components/push-settings";
import { ReadReceipts } from "./-components/read-receipts";

/**
 * "Notificaciones": what may reach the person outside the app. Each section gets the document
 * and `save` (a PUT of only the keys it changes), so more sections (quiet hours, the push
 * permission) slot in below without touching these.
 */
export function NotificationSettingsPage() {
  const t = m.noticeSettings;
  const { user } = useSession();
  const { settings, put } = useNotificationSettings(t.failedLoad);
  const connections = useMyConnections(t.failedLoad);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const save = async (changes: NotificationSettingsUpdate) => {
    setSaving(true);
    setNotice(null);
    try {
      await put(changes);
      announce(t.saved);
    } catch {
      setNotice({ kind: "error", text: t.failedSave });
    } finally {
      setSaving(false);
    }
  };

  const doc = settings.data;
  return (
    <div className="page notice-settings">
      <div className="page__header">
        <div>
          <h1 className="page__title">{t.title}</h1>
          <p className="page__intro">{t.intro}</p>
        </div>
      </div>
      {/* Push on this device and quiet hours: their own state, the same document. */}
      <PushSettings />
      <NoticeAlert notice={notice} />
      {settings.error ? (
        <ResourceError resource={settings} />
      ) : doc === null ? (
        <PageSkeleton />
      ) : (
        <>
          <KindSwitches
            kinds={doc.kinds}
            role={user?.role ?? "member"}
            disabled={saving}
            onChange={(changes) => void save({ kinds: changes })}
          />
          <MutedClubs
            clubs={connections.data?.clubs ?? []}
            muted={doc.muted_clubs}
            disabled={saving}
            onChange={(clubId, on) =>
              void save({
                muted_clubs: on
                  ? [...doc.muted_clubs, clubId]
                  : doc.muted_clubs.filter((id) => id !== clubId),
              })
            }
          />
          <ReadReceipts
            on={doc.read_receipts}
            disabled={saving}
            onChange={(on) => void save({ read_receipts: on })}
          />
        </>
      )}
    </div>
  );
}
