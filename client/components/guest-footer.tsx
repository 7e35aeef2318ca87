import { LanguageSwitch } from "./language-switch";
import { useSession } from "./session-provider";

/**
 * Guests on a phone choose their language here, at the foot of the page: the top bar has room
 * only for the logo, Log in and Sign up at 360 px (with the switch as well, "Iniciar sesión"
 * wrapped one letter per line). Wider screens keep the switch in the top bar and hide this.
 * Signed-in people have the switch in the top bar's menu and on their profile.
 */
export function GuestFooter() {
  const { user } = useSession();
  if (user) return null;
  return (
    <footer className="guest-footer">
      <LanguageSwitch className="language-switch" testIdPrefix="footer-language" />
    </footer>
  );
}
