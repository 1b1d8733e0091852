// The web app manifest (public/manifest.webmanifest) is complete enough to install, and every image it names
// exists at the size it states. The images are the client build's when a build is there, otherwise drawn here by
// the build's own module (scripts/pwa-icons.mjs): `npm test` runs vitest before it builds.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARK_BACKGROUND, PWA_IMAGES, writePwaImages } from "../../../scripts/pwa-icons.mjs";

interface ImageResource {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}
interface Manifest {
  id?: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  color_scheme_dark?: { theme_color?: string; background_color?: string };
  icons: ImageResource[];
  shortcuts: Array<{ name: string; url: string; description?: string; icons: ImageResource[] }>;
  screenshots: ImageResource[];
}

const manifest = JSON.parse(fs.readFileSync("public/manifest.webmanifest", "utf8")) as Manifest;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

let imageDir = "";
let drawnHere = false;

beforeAll(async () => {
  const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  if (PWA_IMAGES.every((image) => fs.existsSync(path.join(clientDir, image.file)))) {
    imageDir = clientDir;
    return;
  }
  const tmpRoot = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");
  fs.mkdirSync(tmpRoot, { recursive: true });
  imageDir = fs.mkdtempSync(path.join(tmpRoot, "pwa-images-"));
  drawnHere = true;
  await writePwaImages(imageDir);
});

afterAll(() => {
  if (drawnHere) fs.rmSync(imageDir, { recursive: true, force: true });
});

/** Every image the manifest names: app icons, shortcut icons, screenshots. */
function everyImage(): ImageResource[] {
  return [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons), ...manifest.screenshots];
}

function fileOf(resource: ImageResource): string {
  expect(resource.src).toMatch(/^\/[a-z0-9/_-]+\.png$/);
  return path.join(imageDir, resource.src.slice(1));
}

describe("the web app manifest", () => {
  it("names, describes and starts the app as a standalone window", () => {
    expect(manifest.name).toMatch(/^Tradebench/);
    expect(manifest.short_name).toBe("Tradebench");
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.description.length).toBeGreaterThan(20);
    expect(manifest.start_url).toBe("/");
    expect(manifest.scope).toBe("/");
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.display).toBe("standalone");
  });

  it("has light colours and dark alternatives", () => {
    expect(manifest.theme_color).toMatch(HEX_COLOUR);
    expect(manifest.background_color).toMatch(HEX_COLOUR);
    expect(manifest.color_scheme_dark?.theme_color).toMatch(HEX_COLOUR);
    expect(manifest.color_scheme_dark?.background_color).toMatch(HEX_COLOUR);
  });

  it("has 192 and 512 px icons, each plain and maskable", () => {
    const offered = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`).sort();
    expect(offered).toEqual(["192x192 any", "192x192 maskable", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) expect(icon.type).toBe("image/png");
  });

  it("offers shortcuts to the watchlist, auctions and a new listing, each a page of the app", () => {
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ["Watchlist", "/watchlist"],
      ["Auctions", "/auctions"],
      ["Create listing", "/create-listing"],
    ]);
    const routeFiles = new Set(fs.readdirSync("app/routes"));
    expect(routeFiles.has("watchlist.tsx")).toBe(true);
    expect(routeFiles.has("auctions._index.tsx")).toBe(true);
    expect(routeFiles.has("create-listing.tsx")).toBe(true);
    for (const shortcut of manifest.shortcuts) expect(shortcut.icons.length).toBeGreaterThan(0);
  });

  it("has a narrow and a wide screenshot with labels", () => {
    const byForm = new Map(manifest.screenshots.map((shot) => [shot.form_factor, shot]));
    expect([...byForm.keys()].sort()).toEqual(["narrow", "wide"]);
    const [narrowWidth, narrowHeight] = byForm.get("narrow")!.sizes.split("x").map(Number);
    const [wideWidth, wideHeight] = byForm.get("wide")!.sizes.split("x").map(Number);
    expect(narrowHeight).toBeGreaterThan(narrowWidth);
    expect(wideWidth).toBeGreaterThan(wideHeight);
    for (const shot of manifest.screenshots) expect(shot.label?.length).toBeGreaterThan(10);
  });

  it("names only images that exist, as PNGs of the stated size", async () => {
    const images = everyImage();
    expect(images.length).toBe(9);
    for (const resource of images) {
      const [width, height] = resource.sizes.split("x").map(Number);
      const metadata = await sharp(fileOf(resource)).metadata();
      expect({ src: resource.src, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
        src: resource.src,
        format: "png",
        width,
        height,
      });
    }
  });
});

describe("the maskable icons", () => {
  it("fill the whole square and keep the mark inside the 80 % safe circle", async () => {
    const background = [1, 3, 5].map((start) => parseInt(MARK_BACKGROUND.slice(start, start + 2), 16));
    for (const icon of manifest.icons.filter((each) => each.purpose === "maskable")) {
      const { data, info } = await sharp(fileOf(icon)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const size = info.width;
      let markPixels = 0;
      let outside = 0;
      let transparent = 0;
      for (let y = 0; y < size; y += 1) {
        for (let x = 0; x < size; x += 1) {
          const at = (y * size + x) * info.channels;
          if (data[at + 3] !== 255) transparent += 1;
          const differs = Math.abs(data[at] - background[0]) + Math.abs(data[at + 1] - background[1]) + Math.abs(data[at + 2] - background[2]) > 24;
          if (!differs) continue;
          markPixels += 1;
          const distance = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2);
          if (distance > size * 0.4) outside += 1;
        }
      }
      expect(transparent).toBe(0);
      expect(markPixels).toBeGreaterThan(size * size * 0.05);
      expect(outside).toBe(0);
    }
  });
});
