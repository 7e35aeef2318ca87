import { encode } from "uqr";

/**
 * A QR code drawn as one SVG path (no canvas, no inline markup), dark on white with a quiet
 * zone, scaled to its box. `label` names it for screen readers.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { data, size } = encode(value, { ecc: "M", border: 2 });
  let path = "";
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y]?.[x]) path += `M${x} ${y}h1v1h-1z`;
  }
  return (
    <svg
      className="qr-code"
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid="check-in-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
