/**
 * The installable app's icons, drawn from client/public/favicon.svg with sharp at build time (one
 * source, no binary files in git): PNGs for the web manifest and iOS, and favicon.ico (an ICO
 * holding one 32 px PNG, which every browser reads).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";

import { APP_ICONS } from "../../src/ssr/web-manifest";

const BRAND = "#0067C6";

async function drawIcon(svg: Buffer, size: number, maskable: boolean): Promise<Buffer> {
  if (!maskable) return await sharp(svg, { density: 384 }).resize(size, size).png().toBuffer();
  // Maskable icons are cropped to a circle by Android: the mark sits inside the 80 % safe zone.
  const inner = Math.round(size * 0.7);
  const mark = await sharp(svg, { density: 384 }).resize(inner, inner).png().toBuffer();
  return await sharp({ create: { width: size, height: size, channels: 4, background: BRAND } })
    .composite([{ input: mark, gravity: "center" }])
    .png()
    .toBuffer();
}

/** An ICO file with one embedded PNG (allowed since Windows Vista; all browsers read it). */
function pngToIco(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // the PNG starts right after this header
  return Buffer.concat([header, png]);
}

export async function writeAppIcons({ svgPath, outDir }: { svgPath: string; outDir: string }) {
  const svg = Buffer.from(await Bun.file(svgPath).arrayBuffer());
  await mkdir(join(outDir, "icons"), { recursive: true });
  for (const icon of APP_ICONS) {
    await writeFile(
      join(outDir, icon.src.slice(1)),
      await drawIcon(svg, icon.px, icon.purpose === "maskable"),
    );
  }
  const png32 = await sharp(svg, { density: 192 }).resize(32, 32).png().toBuffer();
  await writeFile(join(outDir, "favicon.ico"), pngToIco(png32, 32));
}
