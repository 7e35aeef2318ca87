import { Link } from "@tanstack/react-router";
import ArrowLeft from "lucide-react/icons/arrow-left";
import Bell from "lucide-react/icons/bell";
import { m } from "../../../common/messages";
import { LanguageSwitch } from "../../components/language-switch";
import { AccountSafety } from "../../components/safety/account-safety";
import { CalendarFeed } from "./-components/calendar-feed";
import { DataExport } from "./-components/data-export";
import { DigestSetting } from "./-components/digest-setting";
import { WhoCanMessageSetting } from "./-components/who-can-message";

const t = m.settingsPage;

/**
 * The account's settings, moved off /profile so the profile reads as a profile (issue 38).
 * Order: what people change most (language, who can write) first, the irreversible last.
 */
export function SettingsPage() {
  return (
    <div className="page settings-page">
      <header className="settings-page__header">
        <Link to="/profile" className="link-button settings-page__back">
          <ArrowLeft aria-hidden="true" size={16} />
          {t.backToProfile}
        </Link>
        <h1 className="page__title">{t.title}</h1>
        <p className="muted">{t.intro}</p>
      </header>
      <div className="profile__notes">
        <section className="card-panel profile__language" aria-labelledby="settings-language">
          <h2 className="profile__section-title" id="settings-language">
            {m.language.label}
          </h2>
          <LanguageSwitch />
          <p className="field__hint">{m.language.profileHint}</p>
        </section>
        <WhoCanMessageSetting />
        <Link to="/settings/notifications" className="button button--secondary button--small">
          <Bell aria-hidden="true" size={16} />
          {m.pushUi.settingsLink}
        </Link>
        <DigestSetting />
        <CalendarFeed />
        <DataExport />
        <AccountSafety />
      </div>
    </div>
  );
}
