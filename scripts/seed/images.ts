import {
  Bike,
  BookOpen,
  Bot,
  Camera,
  ChessKnight,
  Code,
  CookingPot,
  Cpu,
  Drama,
  Film,
  FlaskConical,
  HandHeart,
  HeartPulse,
  Landmark,
  Languages,
  Leaf,
  type LucideIcon,
  Mic,
  Microscope,
  Mountain,
  Music,
  Paintbrush,
  Palette,
  PencilRuler,
  Rocket,
  Sailboat,
  ShieldCheck,
  Sprout,
  Telescope,
  Trees,
  Trophy,
  Users,
  Volleyball,
  Waves,
} from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import type { Category } from "./club-seeds";

/**
 * Demo pictures drawn locally (SVG gradients, soft shapes and a line icon for the club's kind,
 * rasterised by sharp): no network needed, and no text in them. Text baked into an image is
 * cut off by a cover's crop on a phone, repeats the name printed right under it, cannot be
 * translated and is invisible to a screen reader.
 */
const ICONS: Record<Category, LucideIcon[]> = {
  tecnologia: [Cpu, Code, Bot],
  arte: [Palette, Music, Camera],
  deportes: [Trophy, Bike, Volleyball],
  ciencia: [FlaskConical, Telescope, Microscope],
  social: [HandHeart, Users, Sprout],
};

/**
 * The club's own activity, read from its name, so a cover shows what the club does (the kayak
 * club a sailboat, not the sports category's bicycle); the category's icons are the fallback.
 */
const ACTIVITY_ICONS: [RegExp, LucideIcon][] = [
  [/kayak/i, Sailboat],
  [/surf/i, Waves],
  [/ciclismo/i, Bike],
  [/voleibol/i, Volleyball],
  [/ajedrez/i, ChessKnight],
  [/fútbol|béisbol/i, Trophy],
  [/senderismo|sandboarding/i, Mountain],
  [/teatro|güegüense/i, Drama],
  [/cine/i, Film],
  [/fotograf/i, Camera],
  [/poesía/i, BookOpen],
  [/historia/i, Landmark],
  [/coro|marimba/i, Music],
  [/muralismo|diseño/i, Paintbrush],
  [/artesan/i, Palette],
  [/astronom/i, Telescope],
  [/biología|laguna/i, Leaf],
  [/química/i, FlaskConical],
  [/medicina|cruz roja/i, HeartPulse],
  [/robótica/i, Bot],
  [/ciberseguridad/i, ShieldCheck],
  [/inteligencia artificial/i, Cpu],
  [/programación/i, Code],
  [/inglés/i, Languages],
  [/debate|oratoria/i, Mic],
  [/emprendedor/i, Rocket],
  [/matemática/i, PencilRuler],
  [/turismo/i, Trees],
  [/cocina/i, CookingPot],
  [/voluntariado/i, HandHeart],
];

/** The icon of the activity a club's name says, if it names one the list knows. */
export function activityIcon(name: string | undefined): LucideIcon | undefined {
  return name ? ACTIVITY_ICONS.find(([pattern]) => pattern.test(name))?.[1] : undefined;
}

/** The icon for a club: its activity when the name says it, else one of its category's. */
export function iconFor(category: Category, seed: number, name?: string): LucideIcon {
  const activity = activityIcon(name);
  const icons = ICONS[category];
  return activity ?? icons[seed % icons.length]!;
}

type DrawOptions = { category: Category; colors: [string, string]; seed: number; name?: string };

/** The category's line icon, `seed` choosing among its three, as an SVG placed at x, y. */
function iconSvg(options: {
  category: Category;
  seed: number;
  name?: string;
  x: number;
  y: number;
  size: number;
  opacity: number;
}) {
  const { category, seed, name, x, y, size, opacity } = options;
  const icon = iconFor(category, seed, name);
  const markup = renderToStaticMarkup(createElement(icon, { size, color: "#ffffff", strokeWidth: 1.5 }));
  return `<g opacity="${opacity}" transform="translate(${x} ${y})">${markup}</g>`;
}

/** Soft white circles placed by `seed` across a width × height canvas. */
function circles(seed: number, width: number, height: number, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const x = (seed * 97 + i * 211) % width;
    const y = (seed * 53 + i * 131) % height;
    const r = 60 + ((seed + i * 37) % 140);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${0.06 + (i % 3) * 0.04}"/>`;
  }).join("");
}

function gradient(id: string, colors: [string, string], kind: "linear" | "radial" = "linear") {
  const stops = `<stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>`;
  return kind === "linear"
    ? `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient>`
    : `<radialGradient id="${id}" cx="0.3" cy="0.3" r="0.9">${stops}</radialGradient>`;
}

/**
 * A 1200×500 JPEG cover: diagonal gradient, soft circles placed by `seed`, and the club's kind
 * as a large faint icon right of centre (covers crop to the middle by default).
 */
export function coverSvg(options: DrawOptions) {
  const { category, colors, seed, name } = options;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500">
    <defs>${gradient("g", colors)}</defs>
    <rect width="1200" height="500" fill="url(#g)"/>${circles(seed, 1200, 500, 6)}
    ${iconSvg({ category, seed, name, x: 640, y: 90, size: 320, opacity: 0.28 })}
  </svg>`;
}

export async function renderCover(options: DrawOptions) {
  return await sharp(Buffer.from(coverSvg(options)))
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** A 256×256 PNG logo: a radial gradient and the club's kind as a bold icon. */
export function badgeSvg(options: DrawOptions) {
  const { category, colors, seed, name } = options;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs>${gradient("g", [colors[1], colors[0]], "radial")}</defs>
    <rect width="256" height="256" rx="48" fill="url(#g)"/>
    ${iconSvg({ category, seed, name, x: 56, y: 56, size: 144, opacity: 1 })}
  </svg>`;
}

export async function renderBadge(options: DrawOptions) {
  return await sharp(Buffer.from(badgeSvg(options)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** An 800×600 JPEG for posts: a gradient, soft circles and the kind's icon. */
export function postImageSvg(options: DrawOptions) {
  const { category, colors, seed } = options;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs>${gradient("g", colors)}</defs>
    <rect width="800" height="600" fill="url(#g)"/>${circles(seed + 7, 800, 600, 5)}
    ${iconSvg({ category, seed: seed + 1, x: 280, y: 180, size: 240, opacity: 0.9 })}
  </svg>`;
}

export async function renderPostImage(options: DrawOptions) {
  return await sharp(Buffer.from(postImageSvg(options)))
    .jpeg({ quality: 78 })
    .toBuffer();
}
