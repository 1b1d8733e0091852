// The copy of a photo the wizard sends for analysis: decoded by the browser (createImageBitmap, turned
// upright from its EXIF orientation), drawn at the vision model's size — 1024 px on the long edge, never over
// 2 megapixels (app/lib/analysis-photo-size.ts) — on an OffscreenCanvas (a canvas element where there is none) and
// encoded as JPEG. The server then decodes a fifteenth of a 12 MP photo's pixels and receives a tenth of its bytes.
// The listing is still made from the original files (AiWizard's create). Decision 0035.
// An optimisation, never a requirement: without createImageBitmap, for a photo the browser cannot decode (HEIC in
// most browsers) or when anything fails, the original is sent and the server shrinks it itself.
import { ANALYSIS_UPLOAD_QUALITY, ANALYSIS_UPLOAD_TYPE, analysisUploadSize } from "~/lib/analysis-photo-size.ts";

/** One copy per photo, made once (started when the photo is chosen, awaited when the seller presses Generate). */
const copies = new WeakMap<Blob, Promise<Blob>>();
/** Photos are decoded one at a time: a 12-megapixel bitmap holds 48 MB, and a phone has little to spare. */
let queue: Promise<unknown> = Promise.resolve();

/** The photo to send for analysis: a shrunk JPEG copy, or the photo itself when it is small enough or cannot be shrunk. */
export function analysisCopy(photo: Blob): Promise<Blob> {
  let copy = copies.get(photo);
  if (!copy) {
    copy = queue.then(() => shrink(photo)).catch(() => photo);
    queue = copy;
    copies.set(photo, copy);
  }
  return copy;
}

async function shrink(photo: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== "function") return photo;
  const bitmap = await createImageBitmap(photo, { imageOrientation: "from-image" });
  try {
    const target = analysisUploadSize(bitmap.width, bitmap.height);
    if (!target.shrunk) return photo;
    const copy = await encode(bitmap, target.width, target.height);
    // A browser that cannot encode JPEG answers with PNG, often larger than the original: then the original goes.
    return copy.type === ANALYSIS_UPLOAD_TYPE && copy.size > 0 ? copy : photo;
  } finally {
    bitmap.close();
  }
}

type Context2d = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function draw(context: Context2d | null, bitmap: ImageBitmap, width: number, height: number): void {
  if (!context) throw new Error("No 2D canvas context");
  // JPEG has no transparency: transparent parts of a PNG become white, not black.
  context.fillStyle = "#fff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas === "function") {
    const canvas = new OffscreenCanvas(width, height);
    draw(canvas.getContext("2d"), bitmap, width, height);
    return canvas.convertToBlob({ type: ANALYSIS_UPLOAD_TYPE, quality: ANALYSIS_UPLOAD_QUALITY });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  draw(canvas.getContext("2d"), bitmap, width, height);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("The canvas gave no picture"))), ANALYSIS_UPLOAD_TYPE, ANALYSIS_UPLOAD_QUALITY);
  });
}
