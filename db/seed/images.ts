import sharp from "sharp";

/** Demo pictures drawn locally (SVG gradients and text rendered by sharp): no network needed. */
function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function initials(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((w) => w.length > 2 && !["del", "las", "los", "club"].includes(w.toLowerCase()));
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join("") || name.slice(0, 2)
  ).toUpperCase();
}

/** A 1200×500 JPEG cover: diagonal gradient, soft circles placed by `seed`, the club's name. */
export async function renderCover(options: { name: string; colors: [string, string]; seed: number }) {
  const { name, colors, seed } = options;
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (seed * 97 + i * 211) % 1200;
    const y = (seed * 53 + i * 131) % 500;
    const r = 60 + ((seed + i * 37) % 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.06 + (i % 3) * 0.04}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
    </linearGradient></defs>
    <rect width="1200" height="500" fill="url(#g)"/>${circles}
    <text x="60" y="440" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="56" font-weight="bold" fill="#ffffff">${escapeXml(name)}</text>
  </svg>`;
  return await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A 256×256 PNG badge with the club's initials. */
export async function renderBadge(options: { name: string; colors: [string, string] }) {
  const { name, colors } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs><radialGradient id="g" cx="0.3" cy="0.3" r="0.9">
      <stop offset="0" stop-color="${colors[1]}"/><stop offset="1" stop-color="${colors[0]}"/>
    </radialGradient></defs>
    <rect width="256" height="256" rx="48" fill="url(#g)"/>
    <text x="128" y="160" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="96" font-weight="bold" fill="#ffffff">${escapeXml(initials(name))}</text>
  </svg>`;
  return await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}

/** An 800×600 JPEG for posts: a gradient with a short caption. */
export async function renderPostImage(options: { caption: string; colors: [string, string] }) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0">
      <stop offset="0" stop-color="${options.colors[0]}"/><stop offset="1" stop-color="${options.colors[1]}"/>
    </linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/>
    <text x="400" y="320" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="44" font-weight="bold" fill="#ffffff">${escapeXml(options.caption)}</text>
  </svg>`;
  return await sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}
