import { m } from "../../../common/messages";
import { PushSettings } from "./-components/push-settings";

/** `/settings/notifications`: push on this device and quiet hours. */
export function NotificationSettingsPage() {
  return (
    <div className="page">
      <h1 className="page__title">{m.pushUi.pageTitle}</h1>
      <PushSettings />
    </div>
  );
}
