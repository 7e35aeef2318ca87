import ClipboardList from "lucide-react/icons/clipboard-list";
import MessageCircle from "lucide-react/icons/message-circle";
import type { SocialLinks } from "../../../common/api/clubs";

/**
 * Icons for a club's social links, drawn in lucide's stroke style (24 px grid, 2 px stroke,
 * round caps) so they sit with the rest of the icon set: lucide ships no brand marks.
 */
type IconProps = { size?: number };

function Stroke({ size = 20, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

function Instagram({ size }: IconProps) {
  return (
    <Stroke size={size}>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <line x1="17.5" y1="6.5" x2="17.51" y2="6.5" />
    </Stroke>
  );
}

function Facebook({ size }: IconProps) {
  return (
    <Stroke size={size}>
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </Stroke>
  );
}

export function SocialIcon({ network, size = 20 }: { network: keyof SocialLinks; size?: number }) {
  if (network === "instagram") return <Instagram size={size} />;
  if (network === "facebook") return <Facebook size={size} />;
  if (network === "whatsapp") return <MessageCircle aria-hidden="true" size={size} />;
  return <ClipboardList aria-hidden="true" size={size} />;
}
