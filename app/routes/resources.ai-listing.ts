// POST /resources/ai-listing — the AI wizard's step 1 → 2: brand, model, condition, optional categoryId and 1–10
// photos (multipart, field "photos", images only, 10 MB each) → the AiListingDraft JSON (app/lib/ai/draft.ts).
// Visitors may try it (rate-limited per client address, counted before the photos are read). Bad input → 400 with the spec's messages; never a 500:
// a model failure still answers 200 with the built-in generator's draft (fallbackMode, notice). The wizard sends
// copies at the model's 1024 px (≤ 2 MP) when the browser can make them, else the originals; both are read the same way
// (docs/decisions/0035-ai-photos-shrunk-in-the-browser.md).
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db.server.ts";
import type { AiListingErrors } from "~/lib/ai/draft.ts";
import { MULTIPART_MESSAGES, isMultipart } from "~/web/multipart.server.ts";
import { formRefusal, parseForm } from "~/web/form-data.server.ts";
import { AiListingRequestSchema, AiPhotosSchema } from "~/schemas/ai-listing-request.ts";
import { AI_LISTING_MESSAGES, WIZARD_MAX_PHOTOS } from "~/schemas/ai-listing-create.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { allowGeneration, generateAiListing, unreadablePhotos } from "~/services/ai/index.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { findCategory, MAX_IMAGE_BYTES } from "~/services/listings/index.server.ts";
import { IMAGE_REFUSAL_CODES, inspectImage, isImageRefusal } from "~/services/platform/index.server.ts";
import { DomainError } from "~/services/domain-error.ts";
import { refusalInit } from "~/web/domain-answer.server.ts";

/** The form field carrying the photos. */
export const PHOTOS_FIELD = "photos";

type Field = keyof AiListingErrors["errors"];
/** The order the messages are read in (docs/product/listings.md#ai-assistant, AI wizard). */
const FIELD_ORDER: readonly Field[] = ["brand", "model", "photos", "condition", "categoryId"];

function problem(status: number, errors: AiListingErrors["errors"], message?: string, headers?: HeadersInit): Response {
  const first = FIELD_ORDER.map((field) => errors[field]?.[0]).find((m): m is string => Boolean(m));
  const body: AiListingErrors = { errors, message: message ?? first ?? AI_LISTING_MESSAGES.failedToGenerate };
  return Response.json(body, { status, headers });
}

export function loader() {
  return Response.json({ errors: {}, message: "Send the equipment with POST." } satisfies AiListingErrors, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // Stays: this JSON endpoint never answers 500; a crash is logged and answered 503 in the wizard's error shape.
  try {
    return await answer(request, context.clientIp ?? "");
  } catch (error) {
    if (error instanceof Response) return error;
    console.error("POST /resources/ai-listing failed:", error);
    return problem(503, {}, AI_LISTING_MESSAGES.failedToGenerate);
  }
}

async function readForm(request: Request) {
  if (!isMultipart(request)) return problem(400, { photos: [AI_LISTING_MESSAGES.imageRequired] }, MULTIPART_MESSAGES.notAForm);
  // Stays: parseForm's refusals (body too large, not a form) in the wizard's error shape, through formRefusal.
  try {
    return await parseForm(request, AiListingRequestSchema, {
      files: {
        field: PHOTOS_FIELD,
        parser: "platform",
        maxFileBytes: MAX_IMAGE_BYTES,
        maxFiles: WIZARD_MAX_PHOTOS,
        isDuplicate: (file, kept) => kept.some((k) => k.name === file.name && k.size === file.size),
        maxFieldBytes: 10_000,
        maxFields: 50,
        // Ten photos at the limit, and room for a few dropped ones.
        maxTotalBytes: (WIZARD_MAX_PHOTOS + 2) * MAX_IMAGE_BYTES,
      },
    });
  } catch (error) {
    const refusal = formRefusal(error);
    if (refusal) return problem(refusal.status, {}, refusal.message);
    throw error;
  }
}

async function answer(request: Request, clientIp: string): Promise<Response> {
  const user = await getOptionalUser(request);
  // The allowance is counted before the body is read: reading and decoding ten photos is most of a request's work,
  // and a caller over the limit must not get it done for them. The unread body is drained, bounded, by
  // the server after this answer (app/web/http-request-handler.server.ts).
  const verdict = await allowGeneration(getDb(), { userId: user?.id ?? null, ip: clientIp });
  if (!verdict.allowed) {
    const minutes = Math.max(1, Math.ceil(verdict.retryAfterSeconds / 60));
    const refusal = new DomainError(
      "rate_limited",
      `You have generated many listings in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}${user ? "" : ", or sign in"}.`,
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
    const { status, headers } = refusalInit(refusal);
    return problem(status, {}, refusal.message, headers);
  }
  const form = await readForm(request);
  if (form instanceof Response) return form;
  const { submission, fields, files } = form;
  const errors: AiListingErrors["errors"] = {};
  const add = (field: Field, message: string) => (errors[field] ??= []).push(message);
  if (submission.status !== "success") {
    for (const field of FIELD_ORDER) for (const message of submission.error?.[field] ?? []) add(field, message);
  }

  const photos: Uint8Array[] = [];
  const photoNames: string[] = [];
  const photoCheck = AiPhotosSchema.safeParse(files);
  if (!photoCheck.success) for (const issue of photoCheck.error.issues) add("photos", issue.message);
  else {
    for (const file of files) {
      if (file.status !== "kept" || !file.bytes) continue;
      // Stays: each photo that is not an image gets its own message; the others are still read.
      try {
        await inspectImage(file.bytes);
        photos.push(file.bytes);
        photoNames.push(file.name);
      } catch (error) {
        if (!isImageRefusal(error)) throw error;
        add("photos", error.code === IMAGE_REFUSAL_CODES.notAnImage ? AI_LISTING_MESSAGES.photoNotAnImage(file.name) : `${file.name}: ${error.message}`);
      }
    }
    // A header that reads as a picture over a body that does not decode (a truncated JPEG): refused as the listing
    // form refuses it, rather than left out of the model's view without a word.
    if (!errors.photos && photos.length > 0) {
      for (const index of await unreadablePhotos(photos)) add("photos", AI_LISTING_MESSAGES.photoNotAnImage(photoNames[index]!));
    }
  }

  const values = submission.status === "success" ? submission.value : null;
  const rawCategory = fields.get("categoryId");
  const categoryId = typeof rawCategory === "string" ? rawCategory.trim().slice(0, 200) : "";
  const category = categoryId ? await findCategory(getDb(), categoryId) : undefined;
  if (categoryId && !category) add("categoryId", LISTING_MESSAGES.categoryUnknown);

  if (!values || Object.keys(errors).length > 0) return problem(400, errors);

  const draft = await generateAiListing(
    getDb(),
    {
      userId: user?.id ?? null,
      brand: values.brand,
      model: values.model,
      condition: values.condition,
      chosenCategory: category ? { id: category.id, name: category.name, slug: category.slug } : null,
      photos,
    },
    { signal: request.signal },
  );
  return Response.json(draft, { headers: { "Cache-Control": "no-store" } });
}
