import { ExternalLink } from "lucide-react";
import { useEffect } from "react";
import { m } from "../../../common/messages";
import { instagramPermalink } from "./post-utils";

const SCRIPT_SRC = "https://www.instagram.com/embed.js";
type Instgrm = { Embeds?: { process?: () => void } };

let scriptPromise: Promise<void> | null = null;

/** Loads Instagram's embed script once, only when a post with an embed is opened. */
function loadEmbedScript(): Promise<void> {
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error("instagram embed script unavailable"));
    };
    document.body.appendChild(script);
  });
  return scriptPromise;
}

/**
 * Instagram's own embed markup (blockquote.instagram-media). Until the script turns it into the
 * post, and whenever it cannot load (offline, blocked), it is a plain link to the post.
 */
export function InstagramEmbed({ url }: { url: string | null }) {
  const permalink = instagramPermalink(url);
  useEffect(() => {
    if (!permalink) return;
    let cancelled = false;
    loadEmbedScript()
      .then(() => {
        if (!cancelled) (window as unknown as { instgrm?: Instgrm }).instgrm?.Embeds?.process?.();
      })
      .catch(() => {
        // The link stays: nothing else to do.
      });
    return () => {
      cancelled = true;
    };
  }, [permalink]);
  if (!permalink) return null;
  return (
    <div className="instagram-embed">
      <blockquote
        className="instagram-media"
        data-instgrm-permalink={`${permalink}?utm_source=ig_embed`}
        data-instgrm-version="14"
      >
        <a href={permalink} target="_blank" rel="noopener noreferrer" className="instagram-embed__link">
          <ExternalLink aria-hidden="true" size={16} />
          {m.contentUi.post.instagramLink}
        </a>
      </blockquote>
    </div>
  );
}
