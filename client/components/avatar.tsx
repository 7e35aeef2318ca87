import { avatarImage } from "../lib/images";

/** A round picture (a person or a club), or its initial on a tinted disc when there is none. */
export function Avatar({
  src,
  name,
  size = 40,
  alt = "",
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
  alt?: string;
}) {
  if (src) {
    return (
      <img
        className="avatar"
        {...avatarImage(src, size)}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      className="avatar avatar--empty"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.42) }}
    >
      <span aria-hidden="true">{name.trim().charAt(0).toUpperCase() || "?"}</span>
      {alt ? <span className="visually-hidden">{alt}</span> : null}
    </span>
  );
}
