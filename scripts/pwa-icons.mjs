// The installable app's images, drawn by sharp from SVG: the app icons from the one mark in
// public/icons/tradebench-mark.svg (plain, and maskable with the safe-zone padding), the shortcut icons and the
// install dialog's screenshots (schematic drawings of two screens: chrome and placeholders, no listing data).
// scripts/build-pwa.mjs writes them into the client build; tests/unit/manifest.test.ts draws them the same way.
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The source drawing of the mark: a 512 × 512 tile. */
export const MARK_SVG_FILE = path.join(root, "public/icons/tradebench-mark.svg");
/** The tile's colour; also the maskable icons' full-bleed background. */
export const MARK_BACKGROUND = "#1d4ed8";
/**
 * Share of a maskable icon's side taken by the mark. Launchers may crop a maskable icon to a circle of 80 % of its
 * side; the mark's tile at 72 % keeps the T and the trace (the middle 62 % of the tile) well inside that circle.
 */
export const MASKABLE_MARK_SCALE = 0.72;

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
const INK = "#18181b";
const MUTED = "#71717a";
const LINE = "#e4e4e7";
const PLACEHOLDER = "#f4f4f5";
const BAR = "#d4d4d8";
const RED = "#dc2626";

/** The mark's drawing without its <svg> element, to place inside other drawings. */
async function markBody() {
  const svg = await fs.readFile(MARK_SVG_FILE, "utf8");
  const start = svg.indexOf(">", svg.indexOf("<svg")) + 1;
  return svg.slice(start, svg.lastIndexOf("</svg>")).replace(/<title>.*?<\/title>/s, "");
}

/** The mark drawn at `size` px with its top left corner at (x, y). */
async function placedMark(x, y, size) {
  return `<g transform="translate(${x} ${y}) scale(${size / 512})">${await markBody()}</g>`;
}

function png(svg, width, height) {
  return sharp(Buffer.from(svg)).resize(width, height).png({ compressionLevel: 9 }).toBuffer();
}

async function plainIcon(size) {
  return png(await fs.readFile(MARK_SVG_FILE), size, size);
}

async function maskableIcon(size) {
  const markSize = Math.round(size * MASKABLE_MARK_SCALE);
  const offset = (size - markSize) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" fill="${MARK_BACKGROUND}"/>${await placedMark(offset, offset, markSize)}</svg>`;
  return png(svg, size, size);
}

/** A shortcut's icon: the mark's tile with a white line glyph drawn on a 24-unit grid. */
function shortcutIcon(glyph, size = 96) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 96 96">
  <rect width="96" height="96" rx="22" fill="${MARK_BACKGROUND}"/>
  <g transform="translate(24 24) scale(2)" fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${glyph}</g></svg>`;
  return png(svg, size, size);
}

const HEART = `<path d="M20.8 4.6a5.5 5.5 0 00-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 00-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 000-7.8z"/>`;
const GAVEL = `<path d="M14 13l-8.5 8.5a2.1 2.1 0 01-3-3L11 10M16 16l6-6M8 8l6-6M9 7l8 8M21 11l-8-8"/>`;
const PLUS = `<path d="M12 4v16M4 12h16"/>`;

function text(x, y, size, content, { weight = "normal", fill = INK, anchor = "start" } = {}) {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="${anchor}">${content}</text>`;
}

function bar(x, y, width, height = 18, fill = BAR) {
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${height / 2}" fill="${fill}"/>`;
}

/** A photo's place: a light square with a small picture glyph. */
function photo(x, y, width, height) {
  const cx = x + width / 2;
  const cy = y + height / 2;
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="10" fill="${PLACEHOLDER}"/>
  <g transform="translate(${cx - 24} ${cy - 24}) scale(2)" fill="none" stroke="${BAR}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6"/></g>`;
}

/** The watchlist on a phone (720 × 1280). */
async function narrowScreenshot() {
  const cards = [0, 1, 2, 3]
    .map((index) => {
      const y = 330 + index * 224;
      return `<rect x="32" y="${y}" width="656" height="200" rx="14" fill="#ffffff" stroke="${LINE}" stroke-width="2"/>
  ${photo(48, y + 16, 168, 168)}
  ${bar(240, y + 32, 360, 22)}${bar(240, y + 70, 250)}${bar(240, y + 140, 150, 26, "#bfdbfe")}
  <g transform="translate(624 ${y + 24}) scale(1.5)" fill="${RED}" stroke="${RED}" stroke-width="2">${HEART}</g>`;
    })
    .join("\n");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280" viewBox="0 0 720 1280">
  <rect width="720" height="1280" fill="#ffffff"/>
  <rect width="720" height="112" fill="#ffffff"/><rect y="111" width="720" height="2" fill="${LINE}"/>
  ${await placedMark(32, 28, 56)}
  ${text(104, 68, 34, "Tradebench", { weight: "bold" })}
  <path d="M640 44h40M640 56h40M640 68h40" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>
  ${text(32, 200, 48, "Watchlist", { weight: "bold" })}
  ${text(32, 280, 26, "Watched Items", { weight: "bold", fill: MARK_BACKGROUND })}
  ${text(292, 280, 26, "Saved Searches", { fill: MUTED })}
  <rect x="32" y="296" width="222" height="4" fill="${MARK_BACKGROUND}"/><rect x="32" y="300" width="656" height="2" fill="${LINE}"/>
  ${cards}
</svg>`;
  return png(svg, 720, 1280);
}

/** Browsing listings on a desktop (1280 × 800). */
async function wideScreenshot() {
  const cards = [];
  for (let row = 0; row < 2; row += 1) {
    for (let column = 0; column < 3; column += 1) {
      const x = 320 + column * 310;
      const y = 200 + row * 300;
      cards.push(`<rect x="${x}" y="${y}" width="290" height="280" rx="14" fill="#ffffff" stroke="${LINE}" stroke-width="2"/>
  ${photo(x + 12, y + 12, 266, 150)}${bar(x + 16, y + 180, 240)}${bar(x + 16, y + 212, 170)}${bar(x + 16, y + 244, 110, 22, "#bfdbfe")}`);
    }
  }
  const filters = [0, 1, 2, 3, 4, 5]
    .map((index) => {
      const y = 230 + index * 44;
      return `<rect x="40" y="${y}" width="20" height="20" rx="4" fill="#ffffff" stroke="${BAR}" stroke-width="2"/>${bar(72, y + 2, 120 + ((index * 37) % 80), 16)}`;
    })
    .join("\n");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">
  <rect width="1280" height="800" fill="#ffffff"/>
  <rect y="87" width="1280" height="2" fill="${LINE}"/>
  ${await placedMark(40, 20, 48)}
  ${text(102, 56, 28, "Tradebench", { weight: "bold" })}
  ${text(340, 54, 20, "Listings")}${text(440, 54, 20, "Auctions")}${text(545, 54, 20, "Watchlist")}${text(660, 54, 20, "Sell")}
  <rect x="880" y="26" width="360" height="40" rx="8" fill="#ffffff" stroke="${BAR}" stroke-width="2"/>
  <g transform="translate(892 34) scale(1)" fill="none" stroke="${MUTED}" stroke-width="2" stroke-linecap="round"><path d="M11 3a8 8 0 100 16 8 8 0 000-16zM21 21l-4.4-4.4"/></g>
  ${text(40, 160, 26, "Filters", { weight: "bold" })}
  <rect x="40" y="180" width="240" height="2" fill="${LINE}"/>
  ${filters}
  ${text(320, 160, 36, "Listings", { weight: "bold" })}
  ${cards.join("\n")}
</svg>`;
  return png(svg, 1280, 800);
}

/**
 * Every image the manifest names, by its path in the client build (served from the site root).
 * @type {ReadonlyArray<{ file: string; width: number; height: number; render: () => Promise<Buffer> }>}
 */
export const PWA_IMAGES = [
  { file: "icons/icon-192.png", width: 192, height: 192, render: () => plainIcon(192) },
  { file: "icons/icon-512.png", width: 512, height: 512, render: () => plainIcon(512) },
  { file: "icons/maskable-192.png", width: 192, height: 192, render: () => maskableIcon(192) },
  { file: "icons/maskable-512.png", width: 512, height: 512, render: () => maskableIcon(512) },
  // iOS ignores the manifest's icons and rounds this one itself, so it is full bleed like the maskable ones.
  { file: "icons/apple-touch-icon.png", width: 180, height: 180, render: () => maskableIcon(180) },
  { file: "icons/shortcut-watchlist.png", width: 96, height: 96, render: () => shortcutIcon(HEART) },
  { file: "icons/shortcut-auctions.png", width: 96, height: 96, render: () => shortcutIcon(GAVEL) },
  { file: "icons/shortcut-create-listing.png", width: 96, height: 96, render: () => shortcutIcon(PLUS) },
  { file: "icons/screenshot-narrow.png", width: 720, height: 1280, render: narrowScreenshot },
  { file: "icons/screenshot-wide.png", width: 1280, height: 800, render: wideScreenshot },
];

/**
 * Draws every image into `outDir` (the client build directory, or a test's folder).
 * @param {string} outDir
 * @returns {Promise<Array<{ file: string; width: number; height: number; bytes: number }>>}
 */
export async function writePwaImages(outDir) {
  const written = [];
  for (const image of PWA_IMAGES) {
    const target = path.join(outDir, image.file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const bytes = await image.render();
    await fs.writeFile(target, bytes);
    written.push({ file: image.file, width: image.width, height: image.height, bytes: bytes.byteLength });
  }
  return written;
}
