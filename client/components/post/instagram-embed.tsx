import ExternalLink from "lucide-react/icons/external-link";
import { m } from "../../../common/messages";
import { instagramPermalink } from "./post-utils";

/**
 * Instagram's own embed page in a sandboxed frame: its scripts run on instagram.com, never in
 * ClubNica's origin (where the session token lives), and nothing loads until a post with an
 * embed is opened (this component only renders inside the open post). The frame may open the
 * post in a new tab but cannot navigate or script this page. The link below works offline too.
 */
export function InstagramEmbed({ url }: { url: string | null }) {
  const permalink = instagramPermalink(url);
  if (!permalink) return null;
  return (
    <div className="instagram-embed">
      <iframe
        className="instagram-embed__frame"
        src={`${permalink}embed/`}
        title={m.postView.instagramLink}
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="strict-origin"
        loading="lazy"
      />
      <a href={permalink} target="_blank" rel="noopener noreferrer" className="instagram-embed__link">
        <ExternalLink aria-hidden="true" size={16} />
        {m.postView.instagramLink}
      </a>
    </div>
  );
}
