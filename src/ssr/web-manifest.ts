import { m } from "../../common/messages";

/** The app icons scripts/build/app-icons.ts draws, and the web manifest lists (same sizes). */
export const APP_ICONS = [
  { src: "/icons/icon-192.png", px: 192, purpose: "any" },
  { src: "/icons/icon-512.png", px: 512, purpose: "any" },
  { src: "/icons/maskable-512.png", px: 512, purpose: "maskable" },
  { src: "/icons/apple-touch-icon.png", px: 180, purpose: null },
] as const;

const BRAND_COLOUR = "#0067C6";

/** The web manifest that makes the site installable, its words in the request's language. */
export function webManifest() {
  return {
    name: m.meta.title,
    short_name: m.meta.title,
    description: m.meta.description,
    start_url: "/?source=app",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: BRAND_COLOUR,
    icons: APP_ICONS.filter((icon) => icon.purpose).map((icon) => ({
      src: icon.src,
      sizes: `${icon.px}x${icon.px}`,
      type: "image/png",
      purpose: icon.purpose,
    })),
  };
}
