// POST /resources/ai-listing — the AI wizard's step 1 → 2: brand, model, condition, optional categoryId and 1–10
// photos (multipart, field "photos", images only, 10 MB each) → the AiListingDraft JSON (app/lib/ai/draft.ts).
// Visitors may try it (rate-limited per client address). Bad input → 400 with the spec's messages; never a 500:
// a model failure still answers 200 with the built-in generator's draft (fallbackMode, notice).
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import type { AiListingErrors } from "~/lib/ai/draft.ts";
import { CONDITIONS, type Condition } from "~/lib/conditions.ts";
import { MULTIPART_MESSAGES, isMultipart, type MultipartForm } from "~/web/multipart.server.ts";
import { AI_LISTING_MESSAGES, WIZARD_MAX_PHOTOS } from "~/schemas/ai-listing-create.ts";
import { LISTING_LIMITS, LISTING_MESSAGES } from "~/schemas/listing.ts";
import { allowGeneration, generateAiListing } from "~/services/ai/ai-listing.server.ts";
import { UploadRefusedError, readPhotoUpload } from "~/services/ai/photo-upload.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { findCategory } from "~/services/listings/category.server.ts";
import { IMAGE_MESSAGES, ImageRejectedError, inspectImage } from "~/services/platform/image-pipeline.server.ts";
import { MAX_IMAGE_BYTES } from "~/services/listings/listing-images.server.ts";

/** The form field carrying the photos. */
export const PHOTOS_FIELD = "photos";

type Field = keyof AiListingErrors["errors"];
/** The order the messages are read in (spec 01 §5, AI wizard). */
const FIELD_ORDER: readonly Field[] = ["brand", "model", "photos", "condition", "categoryId"];

function problem(status: number, errors: AiListingErrors["errors"], message?: string, headers?: HeadersInit): Response {
  const first = FIELD_ORDER.map((field) => errors[field]?.[0]).find((m): m is string => Boolean(m));
  const body: AiListingErrors = { errors, message: message ?? first ?? AI_LISTING_MESSAGES.failedToGenerate };
  return Response.json(body, { status, headers });
}

function text(fields: FormData, name: string): string {
  const value = fields.get(name);
  return typeof value === "string" ? value.trim() : "";
}

export function loader() {
  return Response.json({ errors: {}, message: "Send the equipment with POST." } satisfies AiListingErrors, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    return await answer(request, context.clientIp ?? "");
  } catch (error) {
    if (error instanceof Response) return error;
    console.error("POST /resources/ai-listing failed:", error);
    return problem(503, {}, AI_LISTING_MESSAGES.failedToGenerate);
  }
}

async function readForm(request: Request): Promise<MultipartForm | Response> {
  if (!isMultipart(request)) return problem(400, { photos: [AI_LISTING_MESSAGES.imageRequired] }, MULTIPART_MESSAGES.notAForm);
  try {
    return await readPhotoUpload(request, {
      fileField: PHOTOS_FIELD,
      maxFileBytes: MAX_IMAGE_BYTES,
      maxFiles: WIZARD_MAX_PHOTOS,
      isDuplicate: (file, kept) => kept.some((k) => k.name === file.name && k.size === file.size),
      maxFieldBytes: 10_000,
      maxFields: 50,
      // Ten photos at the limit, and room for a few dropped ones.
      maxTotalBytes: (WIZARD_MAX_PHOTOS + 2) * MAX_IMAGE_BYTES,
    });
  } catch (error) {
    if (error instanceof UploadRefusedError) return problem(error.status, {}, error.message);
    throw error;
  }
}

async function answer(request: Request, clientIp: string): Promise<Response> {
  const user = await getOptionalUser(request);
  const form = await readForm(request);
  if (form instanceof Response) return form;
  const { fields, files } = form;
  const errors: AiListingErrors["errors"] = {};
  const add = (field: Field, message: string) => (errors[field] ??= []).push(message);

  const brand = text(fields, "brand");
  const model = text(fields, "model");
  if (!brand) add("brand", AI_LISTING_MESSAGES.brandRequired);
  else if (brand.length > LISTING_LIMITS.brand) add("brand", `Brand must be at most ${LISTING_LIMITS.brand} characters`);
  if (!model) add("model", AI_LISTING_MESSAGES.modelRequired);
  else if (model.length > LISTING_LIMITS.model) add("model", `Model must be at most ${LISTING_LIMITS.model} characters`);

  const photos: Uint8Array[] = [];
  for (const file of files) {
    if (file.status === "too_big") add("photos", AI_LISTING_MESSAGES.photoTooBig(file.name));
    else if (file.status === "over_limit") {
      if (!errors.photos?.includes(AI_LISTING_MESSAGES.tooManyPhotos)) add("photos", AI_LISTING_MESSAGES.tooManyPhotos);
    } else if (file.status === "kept" && file.bytes) {
      try {
        await inspectImage(file.bytes);
        photos.push(file.bytes);
      } catch (error) {
        if (!(error instanceof ImageRejectedError)) throw error;
        add("photos", error.message === IMAGE_MESSAGES.notAnImage ? AI_LISTING_MESSAGES.photoNotAnImage(file.name) : `${file.name}: ${error.message}`);
      }
    }
  }
  if (photos.length === 0 && !errors.photos) add("photos", AI_LISTING_MESSAGES.imageRequired);

  const rawCondition = text(fields, "condition");
  if (!(CONDITIONS as readonly string[]).includes(rawCondition)) add("condition", AI_LISTING_MESSAGES.invalidCondition);

  const categoryId = text(fields, "categoryId");
  const category = categoryId ? await findCategory(getDb(), categoryId) : undefined;
  if (categoryId && !category) add("categoryId", LISTING_MESSAGES.categoryUnknown);

  if (Object.keys(errors).length > 0) return problem(400, errors);

  const verdict = allowGeneration({ userId: user?.id ?? null, ip: clientIp });
  if (!verdict.allowed) {
    const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
    return problem(
      429,
      {},
      `You have generated many listings in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}${user ? "" : ", or sign in"}.`,
      { "Retry-After": String(verdict.retryAfterSeconds) },
    );
  }

  const draft = await generateAiListing(
    getDb(),
    {
      userId: user?.id ?? null,
      brand,
      model,
      condition: rawCondition as Condition,
      chosenCategory: category ? { id: category.id, name: category.name, slug: category.slug } : null,
      photos,
    },
    { signal: request.signal },
  );
  return Response.json(draft, { headers: { "Cache-Control": "no-store" } });
}
