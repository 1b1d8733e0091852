// Pictures for the demo listings, drawn as SVG (a stylised instrument or machine per subcategory, in the
// maker's colours, with the make and model written on it) and rasterised by sharp. Nothing is downloaded.
import sharp from "sharp";
import type { DrawingKind } from "../../app/reference/equipment-models.ts";

const PICTURE_WIDTH = 800;
const PICTURE_HEIGHT = 600;

/** front: the hero shot with make and model; rear, detail and plate: views shared within a subcategory. */
export type PictureView = "front" | "rear" | "detail" | "plate";
export const EXTRA_VIEWS: readonly PictureView[] = ["rear", "detail", "plate"];

export interface PictureSubject {
  drawing: DrawingKind;
  brand: string;
  model: string;
  /** The item name shown under the make and model ("Oscilloscopes" → "Oscilloscope" is not attempted). */
  caption: string;
  /** Varies the colours between pictures of the same maker. */
  variant: number;
}

interface Palette {
  body: string;
  bodyDark: string;
  accent: string;
  backdrop: string;
  backdropEdge: string;
  screen: string;
  trace: string;
  /** Lettering that reads on the body colour. */
  ink: string;
}

/** Makers whose equipment has a colour buyers recognise. */
const BRAND_HUES: Record<string, { hue: number; sat: number; light: number; accent?: string }> = {
  Caterpillar: { hue: 44, sat: 95, light: 50 },
  Komatsu: { hue: 48, sat: 90, light: 52 },
  "John Deere": { hue: 115, sat: 45, light: 32, accent: "#f4c20d" },
  Hitachi: { hue: 28, sat: 90, light: 52 },
  Volvo: { hue: 45, sat: 80, light: 50 },
  Kubota: { hue: 22, sat: 90, light: 52 },
  Bobcat: { hue: 0, sat: 0, light: 92, accent: "#e4682a" },
  JCB: { hue: 46, sat: 100, light: 48 },
  Liebherr: { hue: 48, sat: 95, light: 50 },
  Grove: { hue: 2, sat: 75, light: 45 },
  Putzmeister: { hue: 50, sat: 90, light: 52 },
  Vermeer: { hue: 47, sat: 90, light: 50 },
  JLG: { hue: 28, sat: 90, light: 52 },
  Genie: { hue: 215, sat: 60, light: 38 },
  Wirtgen: { hue: 40, sat: 10, light: 88, accent: "#d52b1e" },
  Vogele: { hue: 46, sat: 90, light: 50 },
  Hamm: { hue: 18, sat: 85, light: 50 },
  Epiroc: { hue: 45, sat: 90, light: 52 },
  Sandvik: { hue: 0, sat: 0, light: 90, accent: "#1f4e8c" },
  Metso: { hue: 30, sat: 85, light: 50 },
  Toyota: { hue: 30, sat: 90, light: 50 },
  Hyster: { hue: 44, sat: 95, light: 50 },
  Yale: { hue: 44, sat: 90, light: 50 },
  Linde: { hue: 0, sat: 75, light: 45 },
  Crown: { hue: 0, sat: 0, light: 90, accent: "#222222" },
  Raymond: { hue: 0, sat: 0, light: 88, accent: "#c8102e" },
  Kalmar: { hue: 0, sat: 0, light: 25, accent: "#e30613" },
  Keysight: { hue: 210, sat: 5, light: 84, accent: "#e90029" },
  Agilent: { hue: 210, sat: 8, light: 80, accent: "#0085d5" },
  Tektronix: { hue: 210, sat: 35, light: 40, accent: "#3db0e0" },
  "Rohde & Schwarz": { hue: 210, sat: 14, light: 45, accent: "#8fb3d9" },
  Fluke: { hue: 46, sat: 100, light: 52, accent: "#333333" },
  Rigol: { hue: 215, sat: 20, light: 28, accent: "#5ab4e5" },
  "Teledyne LeCroy": { hue: 218, sat: 55, light: 30, accent: "#4fc3f7" },
  Anritsu: { hue: 0, sat: 0, light: 20, accent: "#00a0e9" },
  Siemens: { hue: 180, sat: 60, light: 35, accent: "#00a3a3" },
  "Allen-Bradley": { hue: 0, sat: 0, light: 75, accent: "#c8102e" },
  "Schneider Electric": { hue: 140, sat: 55, light: 38, accent: "#3dcd58" },
  ABB: { hue: 0, sat: 0, light: 88, accent: "#ff000f" },
  NI: { hue: 200, sat: 5, light: 78, accent: "#03b585" },
};

function hashText(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

function hsl(hue: number, sat: number, light: number): string {
  const h = ((hue % 360) + 360) % 360;
  return `hsl(${h.toFixed(0)},${Math.max(0, Math.min(100, sat)).toFixed(0)}%,${Math.max(0, Math.min(100, light)).toFixed(0)}%)`;
}

function paletteFor(brand: string, variant: number): Palette {
  const known = BRAND_HUES[brand];
  const seed = hashText(brand);
  const base = known ?? { hue: seed % 360, sat: 35 + (seed % 30), light: 38 + ((seed >> 8) % 25) };
  const shift = ((variant % 7) - 3) * 2;
  const backdropHue = (seed + variant * 47) % 360;
  return {
    body: hsl(base.hue, base.sat, base.light + shift),
    bodyDark: hsl(base.hue, base.sat, base.light - 14 + shift),
    accent: known?.accent ?? hsl(base.hue + 180, 60, 50),
    backdrop: hsl(backdropHue, 25, 94),
    backdropEdge: hsl(backdropHue, 18, 78),
    screen: hsl(205, 45, 10),
    trace: ["#ffe14d", "#4de3ff", "#7cff6b", "#ff8ad8"][variant % 4] ?? "#ffe14d",
    ink: base.light + shift < 50 ? "#ffffff" : "#111111",
  };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c);
}

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

function text(x: number, y: number, size: number, fill: string, content: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}" ${extra}>${escapeXml(content)}</text>`;
}

/** A seeded sequence of numbers in [0, 1) for the small variations of a drawing. */
function wobble(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

type Draw = (p: Palette, s: PictureSubject, r: () => number) => string;

function traceOnScreen(x: number, y: number, w: number, h: number, p: Palette, r: () => number): string {
  const grid: string[] = [];
  for (let i = 1; i < 10; i += 1)
    grid.push(`<line x1="${x + (w * i) / 10}" y1="${y}" x2="${x + (w * i) / 10}" y2="${y + h}" stroke="#24465a" stroke-width="1"/>`);
  for (let i = 1; i < 8; i += 1) grid.push(`<line x1="${x}" y1="${y + (h * i) / 8}" x2="${x + w}" y2="${y + (h * i) / 8}" stroke="#24465a" stroke-width="1"/>`);
  const kind = Math.floor(r() * 3);
  const points: string[] = [];
  const cycles = 2 + Math.floor(r() * 4);
  for (let i = 0; i <= 60; i += 1) {
    const t = i / 60;
    let v: number;
    if (kind === 0) v = Math.sin(t * Math.PI * 2 * cycles) * 0.35;
    else if (kind === 1) v = (Math.sin(t * Math.PI * 2 * cycles) > 0 ? 0.3 : -0.3) + Math.sin(t * 90) * 0.02;
    else v = 0.38 - Math.exp(-(((t - 0.5) * 9) ** 2)) * 0.75 - r() * 0.05;
    points.push(`${(x + t * w).toFixed(1)},${(y + h / 2 - v * h).toFixed(1)}`);
  }
  const second =
    kind === 2
      ? ""
      : `<polyline points="${points
          .map((pt) => {
            const [px, py] = pt.split(",").map(Number);
            return `${px},${((py ?? 0) + h * 0.22).toFixed(1)}`;
          })
          .join(" ")}" fill="none" stroke="#4de3ff" stroke-width="2" opacity="0.85"/>`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${p.screen}"/>${grid.join("")}<polyline points="${points.join(" ")}" fill="none" stroke="${p.trace}" stroke-width="3"/>${second}`;
}

const drawBenchInstrument: Draw = (p, s, r) => {
  const knobs: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const cx = 520 + i * 52;
    knobs.push(
      `<circle cx="${cx}" cy="200" r="20" fill="#2b2f33"/><circle cx="${cx}" cy="200" r="14" fill="#4a5057"/><line x1="${cx}" y1="200" x2="${cx + 9 * Math.cos(r() * 6)}" y2="${200 + 9 * Math.sin(r() * 6)}" stroke="#ddd" stroke-width="3"/>`,
    );
  }
  const keys: string[] = [];
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 4; col += 1) {
      const lit = r() < 0.2;
      keys.push(`<rect x="${505 + col * 42}" y="${245 + row * 34}" width="32" height="22" rx="4" fill="${lit ? p.accent : "#e8eaec"}" stroke="#7a8088"/>`);
    }
  }
  const bncs: string[] = [];
  const channels = 2 + Math.floor(r() * 3);
  for (let i = 0; i < channels; i += 1) {
    const cx = 170 + i * 70;
    bncs.push(`<circle cx="${cx}" cy="392" r="15" fill="#c9ced3" stroke="#5a6068" stroke-width="3"/><circle cx="${cx}" cy="392" r="5" fill="#333"/>`);
  }
  return `
  <rect x="120" y="108" width="560" height="22" rx="8" fill="${p.bodyDark}"/>
  <rect x="100" y="120" width="600" height="318" rx="16" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  <rect x="120" y="140" width="560" height="278" rx="8" fill="#f4f5f6" opacity="0.18"/>
  <rect x="130" y="150" width="330" height="212" rx="6" fill="#111"/>
  ${traceOnScreen(140, 160, 310, 192, p, r)}
  ${knobs.join("")}${keys.join("")}${bncs.join("")}
  <rect x="500" y="350" width="160" height="10" rx="3" fill="${p.accent}"/>
  ${text(502, 384, 22, p.ink, s.brand, 'font-weight="bold"')}
  ${text(502, 408, 17, p.ink, s.model)}
  <rect x="120" y="438" width="60" height="14" rx="4" fill="#222"/><rect x="620" y="438" width="60" height="14" rx="4" fill="#222"/>`;
};

const drawPlcRack: Draw = (p, s, r) => {
  const modules: string[] = [];
  let x = 96;
  const count = 6 + Math.floor(r() * 3);
  for (let i = 0; i < count; i += 1) {
    const w = i === 0 ? 86 : i === 1 ? 92 : 64;
    const fill = i === 1 ? "url(#body)" : i === 0 ? "#3a3f45" : "#5b636c";
    const leds: string[] = [];
    const ledRows = i <= 1 ? 4 : 16;
    for (let j = 0; j < ledRows; j += 1) {
      const on = r() < 0.55;
      leds.push(
        `<rect x="${x + 10 + (j % 2) * 18}" y="${150 + Math.floor(j / 2) * 14}" width="10" height="7" fill="${on ? (r() < 0.85 ? "#38e05a" : "#ffb020") : "#1d2226"}"/>`,
      );
    }
    const terminals: string[] = [];
    for (let j = 0; j < 10; j += 1)
      terminals.push(`<rect x="${x + 8}" y="${292 + j * 12}" width="${w - 16}" height="9" fill="#9aa3ab" stroke="#444" stroke-width="1"/>`);
    modules.push(
      `<rect x="${x}" y="128" width="${w - 4}" height="320" rx="6" fill="${fill}" stroke="#1c1f22" stroke-width="3"/>${leds.join("")}${i >= 2 ? terminals.join("") : ""}`,
    );
    if (i === 1) {
      modules.push(
        `<rect x="${x + 10}" y="222" width="${w - 24}" height="34" rx="3" fill="#0d2b1c"/>${`<rect x="${x + 16}" y="234" width="30" height="10" rx="2" fill="#7dffa0"/>`}`,
      );
      modules.push(
        `<rect x="${x + 10}" y="270" width="${w - 24}" height="150" rx="3" fill="${p.bodyDark}"/><rect x="${x + 20}" y="394" width="${w - 44}" height="14" rx="3" fill="#222"/>`,
      );
    }
    x += w;
  }
  return `
  <rect x="70" y="280" width="660" height="30" fill="#b8bec4" stroke="#777" stroke-width="2"/>
  ${modules.join("")}
  <rect x="470" y="64" width="250" height="56" rx="8" fill="${p.accent}"/>
  ${text(484, 92, 22, "#ffffff", s.brand, 'font-weight="bold"')}
  ${text(484, 112, 15, "#ffffff", s.model.slice(0, 30))}`;
};

const drawComponentTray: Draw = (p, s, r) => {
  const chips: string[] = [];
  for (let row = 0; row < 4; row += 1) {
    for (let col = 0; col < 4; col += 1) {
      const cx = 440 + col * 66;
      const cy = 150 + row * 66;
      const pins: string[] = [];
      for (let k = 0; k < 5; k += 1) {
        pins.push(
          `<rect x="${cx - 20 + k * 9}" y="${cy - 27}" width="4" height="6" fill="#c9c9c9"/><rect x="${cx - 20 + k * 9}" y="${cy + 21}" width="4" height="6" fill="#c9c9c9"/>`,
        );
        pins.push(
          `<rect x="${cx - 27}" y="${cy - 20 + k * 9}" width="6" height="4" fill="#c9c9c9"/><rect x="${cx + 21}" y="${cy - 20 + k * 9}" width="6" height="4" fill="#c9c9c9"/>`,
        );
      }
      chips.push(
        `<rect x="${cx - 30}" y="${cy - 30}" width="60" height="60" fill="#1e2a36"/><rect x="${cx - 21}" y="${cy - 21}" width="42" height="42" rx="2" fill="#24282c"/>${pins.join("")}<circle cx="${cx - 14}" cy="${cy - 14}" r="3" fill="#555"/>`,
      );
    }
  }
  const spokes: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const a = (i / 6) * Math.PI * 2 + r();
    spokes.push(
      `<path d="M${230 + 40 * Math.cos(a)} ${290 + 40 * Math.sin(a)} L${230 + 150 * Math.cos(a + 0.3)} ${290 + 150 * Math.sin(a + 0.3)} L${230 + 150 * Math.cos(a + 0.7)} ${290 + 150 * Math.sin(a + 0.7)} Z" fill="${p.backdrop}" opacity="0.9"/>`,
    );
  }
  return `
  <rect x="410" y="116" width="280" height="276" rx="6" fill="#1a1d21"/>
  ${chips.join("")}
  <circle cx="230" cy="290" r="180" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="5"/>
  <circle cx="230" cy="290" r="120" fill="#d9d2c3" stroke="#b5ab96" stroke-width="18" stroke-dasharray="3 4"/>
  ${spokes.join("")}
  <circle cx="230" cy="290" r="38" fill="#f7f7f7" stroke="${p.bodyDark}" stroke-width="4"/>
  <rect x="120" y="410" width="560" height="64" rx="6" fill="#ffffff" stroke="#999" stroke-width="2"/>
  <rect x="134" y="422" width="90" height="40" fill="url(#barcode)"/>
  ${text(240, 440, 20, "#111", s.brand, 'font-weight="bold"')}
  ${text(240, 464, 16, "#333", s.model.slice(0, 38))}`;
};

const drawDaqChassis: Draw = (p, s, r) => {
  const slots: string[] = [];
  const count = 7;
  for (let i = 0; i < count; i += 1) {
    const x = 230 + i * 62;
    const filled = i === 0 || r() < 0.8;
    if (!filled) {
      slots.push(`<rect x="${x}" y="150" width="56" height="270" fill="#8a9096" stroke="#5c6167"/>`);
      continue;
    }
    const conns: string[] = [];
    const n = 2 + Math.floor(r() * 3);
    for (let k = 0; k < n; k += 1) conns.push(`<circle cx="${x + 28}" cy="${200 + k * 48}" r="12" fill="#c9ced3" stroke="#444" stroke-width="3"/>`);
    slots.push(
      `<rect x="${x}" y="150" width="56" height="270" fill="${i === 0 ? p.bodyDark : "#2c3136"}" stroke="#111"/><rect x="${x + 8}" y="160" width="10" height="6" fill="#38e05a"/><rect x="${x + 24}" y="160" width="10" height="6" fill="${r() < 0.5 ? "#38e05a" : "#ffb020"}"/>${conns.join("")}<rect x="${x + 8}" y="386" width="40" height="22" fill="#1a1a1a"/>`,
    );
  }
  const vents: string[] = [];
  for (let i = 0; i < 12; i += 1) vents.push(`<rect x="120" y="${160 + i * 21}" width="84" height="10" rx="4" fill="${p.bodyDark}"/>`);
  return `
  <rect x="100" y="120" width="600" height="330" rx="12" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  ${vents.join("")}${slots.join("")}
  <rect x="100" y="72" width="300" height="44" rx="8" fill="${p.accent}"/>
  ${text(114, 102, 22, "#ffffff", s.brand, 'font-weight="bold"')}
  ${text(420, 104, 19, "#333", s.model.slice(0, 26))}`;
};

const drawLabInstrument: Draw = (p, s, r) => {
  const vials: string[] = [];
  for (let i = 0; i < 8; i += 1) {
    const h = 40 + r() * 30;
    vials.push(
      `<rect x="${168 + i * 30}" y="${330 - h}" width="18" height="${h}" rx="6" fill="#e8f4ff" stroke="#8aa" stroke-width="2"/><rect x="${168 + i * 30}" y="${330 - h * 0.55}" width="18" height="${h * 0.55}" rx="6" fill="${["#f5a3a3", "#a3d8f5", "#c5f5a3", "#f5e3a3"][i % 4]}"/>`,
    );
  }
  return `
  <path d="M110 170 Q110 110 170 110 L630 110 Q690 110 690 170 L690 450 L110 450 Z" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  <rect x="140" y="200" width="290" height="160" rx="14" fill="#cfe3ee" stroke="#6f8590" stroke-width="5" opacity="0.95"/>
  ${vials.join("")}
  <rect x="140" y="338" width="290" height="14" fill="#8a9aa3"/>
  <rect x="470" y="150" width="190" height="130" rx="10" fill="#0f1d27"/>
  <rect x="486" y="170" width="100" height="12" rx="3" fill="#4de3ff"/><rect x="486" y="194" width="150" height="8" rx="3" fill="#6a8797"/><rect x="486" y="212" width="130" height="8" rx="3" fill="#6a8797"/>
  <rect x="486" y="238" width="70" height="26" rx="5" fill="${p.accent}"/>
  <rect x="110" y="400" width="580" height="10" fill="${p.accent}"/>
  ${text(470, 330, 24, p.ink, s.brand, 'font-weight="bold"')}
  ${text(470, 360, 17, p.ink, s.model.slice(0, 24))}`;
};

const drawSwitchgear: Draw = (p, s, r) => {
  const doors: string[] = [];
  for (let d = 0; d < 3; d += 1) {
    const x = 130 + d * 182;
    const items: string[] = [];
    for (let k = 0; k < 3; k += 1) {
      const y = 130 + k * 100;
      if (r() < 0.35) {
        items.push(
          `<circle cx="${x + 85}" cy="${y + 40}" r="32" fill="#f5f5f0" stroke="#333" stroke-width="4"/><line x1="${x + 85}" y1="${y + 40}" x2="${x + 85 + 24 * Math.cos(-2.4 + r() * 1.6)}" y2="${y + 40 + 24 * Math.sin(-2.4 + r() * 1.6)}" stroke="#c00" stroke-width="3"/>`,
        );
      } else {
        items.push(
          `<rect x="${x + 30}" y="${y + 10}" width="110" height="66" rx="4" fill="#2d3136"/><rect x="${x + 72}" y="${y + 22}" width="26" height="42" rx="3" fill="${r() < 0.5 ? "#d33" : "#2a7d2a"}"/>`,
        );
      }
    }
    doors.push(
      `<rect x="${x}" y="112" width="170" height="330" rx="4" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>${items.join("")}<rect x="${x + 150}" y="260" width="10" height="46" rx="3" fill="#222"/>`,
    );
  }
  return `
  <rect x="116" y="96" width="568" height="360" rx="6" fill="${p.bodyDark}"/>
  ${doors.join("")}
  <path d="M600 410 L620 376 L640 410 Z" fill="#ffd400" stroke="#222" stroke-width="3"/>
  <rect x="130" y="60" width="300" height="32" rx="4" fill="${p.accent}"/>
  ${text(140, 84, 21, "#ffffff", s.brand.slice(0, 24), 'font-weight="bold"')}
  ${text(440, 84, 18, "#333", s.model.slice(0, 26))}`;
};

const drawProcessSkid: Draw = (p, s, r) => {
  const fins: string[] = [];
  for (let i = 0; i < 9; i += 1) fins.push(`<rect x="${150 + i * 22}" y="196" width="10" height="168" fill="${p.bodyDark}"/>`);
  const needle = -2.4 + r() * 1.8;
  return `
  <rect x="90" y="392" width="620" height="36" fill="#4a4f55" stroke="#222" stroke-width="3"/>
  <rect x="140" y="210" width="220" height="140" rx="20" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  ${fins.join("")}
  <rect x="120" y="340" width="260" height="52" fill="${p.bodyDark}"/>
  <rect x="360" y="250" width="70" height="60" rx="6" fill="#f0b400" stroke="#7a5a00" stroke-width="3"/>
  <circle cx="530" cy="290" r="90" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="5"/>
  <circle cx="530" cy="290" r="40" fill="${p.bodyDark}"/>
  <rect x="600" y="260" width="110" height="60" fill="#b9c0c7" stroke="#555" stroke-width="3"/><rect x="690" y="246" width="22" height="88" fill="#9aa1a8" stroke="#555" stroke-width="3"/>
  <rect x="500" y="120" width="60" height="90" fill="#b9c0c7" stroke="#555" stroke-width="3"/><rect x="486" y="110" width="88" height="20" fill="#9aa1a8" stroke="#555" stroke-width="3"/>
  <circle cx="640" cy="170" r="40" fill="#f7f7f2" stroke="#333" stroke-width="6"/><line x1="640" y1="170" x2="${640 + 30 * Math.cos(needle)}" y2="${170 + 30 * Math.sin(needle)}" stroke="#c00" stroke-width="4"/><rect x="632" y="208" width="16" height="52" fill="#999"/>
  <rect x="150" y="120" width="300" height="64" rx="8" fill="${p.accent}"/>
  ${text(164, 148, 22, "#ffffff", s.brand.slice(0, 22), 'font-weight="bold"')}
  ${text(164, 172, 16, "#ffffff", s.model.slice(0, 30))}`;
};

function wheel(cx: number, cy: number, radius: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#1c1c1c"/><circle cx="${cx}" cy="${cy}" r="${radius * 0.55}" fill="#6b6b6b"/><circle cx="${cx}" cy="${cy}" r="${radius * 0.2}" fill="#333"/>`;
}

const drawExcavator: Draw = (p, s, r) => {
  const rollers: string[] = [];
  for (let i = 0; i < 6; i += 1) rollers.push(`<circle cx="${200 + i * 60}" cy="420" r="16" fill="#555"/>`);
  const reach = 0.9 + r() * 0.2;
  return `
  <rect x="140" y="390" width="420" height="62" rx="31" fill="#2a2a2a"/>
  <rect x="152" y="400" width="396" height="42" rx="21" fill="#3d3d3d"/>${rollers.join("")}
  <rect x="250" y="372" width="200" height="24" fill="#333"/>
  <path d="M170 372 L170 290 Q170 268 192 268 L470 268 L500 300 L500 372 Z" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  <path d="M140 372 L140 316 Q140 296 166 296 L200 296 L200 372 Z" fill="${p.bodyDark}"/>
  <path d="M380 268 L380 180 Q380 170 392 170 L462 170 L488 268 Z" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  <path d="M392 182 L456 182 L476 258 L392 258 Z" fill="#a9c8d8" stroke="#333" stroke-width="3"/>
  <path d="M470 300 L${560 * reach + 40} 150 L${600 * reach + 60} 170 L500 330 Z" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  <path d="M${560 * reach + 40} 150 L${690 * reach + 30} 300 L${665 * reach + 30} 318 L${580 * reach + 40} 190 Z" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  <path d="M${690 * reach + 30} 300 L${720 * reach + 40} 360 Q${700 * reach + 30} 410 ${650 * reach + 30} 392 L${665 * reach + 30} 318 Z" fill="#444" stroke="#222" stroke-width="4"/>
  ${text(196, 320, 26, p.ink, s.brand, 'font-weight="bold"')}
  ${text(196, 350, 22, p.ink, s.model)}`;
};

const drawHaulTruck: Draw = (p, s) => `
  <path d="M110 200 L560 150 L600 170 L590 330 L140 330 Z" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="5"/>
  <path d="M560 150 L700 150 L700 200 L600 200 Z" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  <rect x="590" y="200" width="120" height="150" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  <rect x="615" y="215" width="70" height="55" fill="#a9c8d8" stroke="#333" stroke-width="3"/>
  <path d="M560 290 L560 360 M572 290 L572 360" stroke="#222" stroke-width="4"/>
  <rect x="130" y="330" width="580" height="40" fill="${p.bodyDark}"/>
  ${wheel(220, 400, 80)}${wheel(400, 400, 80)}${wheel(630, 400, 80)}
  ${text(170, 250, 32, p.ink, s.brand, 'font-weight="bold"')}
  ${text(170, 290, 24, p.ink, s.model)}`;

const drawForklift: Draw = (p, s, r) => {
  const lift = 170 + r() * 120;
  return `
  <rect x="560" y="80" width="18" height="350" fill="#3a3a3a"/><rect x="590" y="80" width="18" height="350" fill="#3a3a3a"/>
  <rect x="548" y="${lift}" width="80" height="90" fill="#555"/>
  <rect x="610" y="${lift + 80}" width="150" height="12" fill="#777"/><rect x="610" y="${lift + 4}" width="10" height="88" fill="#777"/>
  <path d="M200 360 L200 260 L300 260 L330 160 L470 160 L470 260 L545 270 L545 390 L200 390 Z" fill="url(#body)" stroke="${p.bodyDark}" stroke-width="4"/>
  <path d="M300 160 L300 100 L500 100 L540 160" fill="none" stroke="#222" stroke-width="10"/>
  <rect x="340" y="200" width="70" height="60" rx="8" fill="#222"/>
  <path d="M150 330 L150 260 Q150 240 170 240 L220 240 L220 390 L150 390 Z" fill="${p.bodyDark}"/>
  ${wheel(260, 400, 50)}${wheel(480, 400, 56)}
  ${text(226, 300, 24, p.ink, s.brand, 'font-weight="bold"')}
  ${text(226, 330, 20, p.ink, s.model)}`;
};

const DRAWINGS: Record<DrawingKind, Draw> = {
  bench_instrument: drawBenchInstrument,
  plc_rack: drawPlcRack,
  component_tray: drawComponentTray,
  daq_chassis: drawDaqChassis,
  lab_instrument: drawLabInstrument,
  switchgear: drawSwitchgear,
  process_skid: drawProcessSkid,
  excavator: drawExcavator,
  haul_truck: drawHaulTruck,
  forklift: drawForklift,
};

const VIEW_CAPTIONS: Record<Exclude<PictureView, "front">, string> = {
  rear: "Rear view",
  detail: "Detail",
  plate: "Identification plate",
};

function nameplate(p: Palette, r: () => number): string {
  const lines: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const w = 120 + r() * 240;
    lines.push(`<rect x="230" y="${228 + i * 34}" width="${w.toFixed(0)}" height="14" rx="4" fill="#3b3f44"/>`);
  }
  const rivets = [
    [196, 196],
    [604, 196],
    [196, 424],
    [604, 424],
  ]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="8" fill="#8b9299" stroke="#555"/>`)
    .join("");
  return `
  <rect x="160" y="160" width="480" height="300" rx="18" fill="#d4d8dc" stroke="#5d6369" stroke-width="6"/>
  <rect x="180" y="180" width="440" height="30" rx="6" fill="${p.body}"/>
  ${rivets}${lines.join("")}
  <rect x="470" y="300" width="110" height="110" fill="url(#barcode)" opacity="0.7"/>`;
}

/** The SVG document of one picture. */
export function listingPictureSvg(subject: PictureSubject, view: PictureView): string {
  const p = paletteFor(subject.brand, subject.variant);
  const r = wobble(hashText(`${subject.brand}|${subject.model}|${view}`) ^ (subject.variant * 2654435761));
  let scene: string;
  let caption: string[];
  if (view === "plate") {
    scene = nameplate(p, r);
    caption = [VIEW_CAPTIONS.plate, subject.caption];
  } else if (view === "front") {
    scene = DRAWINGS[subject.drawing](p, subject, r);
    caption = [`${subject.brand} ${subject.model}`, subject.caption];
  } else {
    const drawing = DRAWINGS[subject.drawing](p, { ...subject, brand: "", model: "" }, r);
    scene = view === "rear" ? `<g transform="translate(800 0) scale(-1 1)">${drawing}</g>` : `<g transform="translate(-400 -300) scale(2)">${drawing}</g>`;
    caption = [VIEW_CAPTIONS[view], subject.caption];
  }
  const barcode = Array.from({ length: 18 }, (_, i) => `<rect x="${i * 5}" y="0" width="${1 + (i % 3)}" height="40" fill="#111"/>`).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_WIDTH}" height="${PICTURE_HEIGHT}" viewBox="0 0 ${PICTURE_WIDTH} ${PICTURE_HEIGHT}">
  <defs>
    <linearGradient id="backdrop" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.backdrop}"/><stop offset="1" stop-color="${p.backdropEdge}"/></linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.body}"/><stop offset="1" stop-color="${p.bodyDark}"/></linearGradient>
    <pattern id="barcode" width="90" height="40" patternUnits="userSpaceOnUse">${barcode}</pattern>
  </defs>
  <rect width="800" height="600" fill="url(#backdrop)"/>
  <ellipse cx="400" cy="470" rx="330" ry="26" fill="#000" opacity="0.12"/>
  ${scene}
  <rect x="0" y="508" width="800" height="92" fill="#15191d" opacity="0.92"/>
  ${text(28, 548, 28, "#ffffff", caption[0] ?? "", 'font-weight="bold"')}
  ${text(28, 580, 18, "#c9d1d9", caption[1] ?? "")}
</svg>`;
}

/** Rasterises a picture to PNG bytes, the kind of file a seller would upload. */
export async function renderPicture(svg: string): Promise<Uint8Array> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 2 }).toBuffer();
}
