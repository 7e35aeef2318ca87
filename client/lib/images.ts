/**
 * Responsive image attributes for uploaded images (`/uploads/<id>`): WebP copies at the widths the
 * server keeps (src/features/uploads/variants.ts), offered through srcset so the browser loads
 * the one its screen needs. Other sources (a local preview, an outside URL) pass unchanged.
 */
const UPLOAD = /^\/uploads\/[a-f0-9]{64}$/;

export type ImageSizing = { src: string; srcSet?: string; sizes?: string };

/** A round picture drawn at `size` CSS pixels: the 96 px copy covers small ones on 2× screens. */
export function avatarImage(src: string, size: number): ImageSizing {
  if (!UPLOAD.test(src)) return { src };
  const srcSet = size > 48 ? `${src}/96.webp 96w, ${src}/400.webp 400w` : `${src}/96.webp 96w`;
  return { src: `${src}/96.webp`, srcSet, sizes: `${size}px` };
}

/**
 * A cover or post image; `sizes` says how wide it is drawn (CSS media conditions), e.g.
 * "(min-width: 720px) 360px, 100vw".
 */
export function wideImage(src: string, sizes: string): ImageSizing {
  if (!UPLOAD.test(src)) return { src };
  return { src: `${src}/800.webp`, srcSet: `${src}/400.webp 400w, ${src}/800.webp 800w`, sizes };
}
