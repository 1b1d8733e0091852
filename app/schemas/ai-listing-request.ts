// What the AI wizard sends to POST /resources/ai-listing (docs/product/listings.md#ai-assistant AI wizard): brand, model, condition, an optional
// category and 1–10 photos of at most 10 MB each. The text fields go through parseForm; the photos' list (name, size,
// and what the multipart reader did with each) through AiPhotosSchema, before any photo is decoded.
import { z } from "zod";
import { CONDITIONS } from "~/lib/conditions.ts";
import { AI_LISTING_MESSAGES, WIZARD_MAX_PHOTO_BYTES } from "./ai-listing-create.ts";
import { LISTING_LIMITS } from "./listing.ts";

const requiredText = (message: string, label: string, max: number) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);

export const AiListingRequestSchema = z.object({
  brand: requiredText(AI_LISTING_MESSAGES.brandRequired, "Brand", LISTING_LIMITS.brand),
  model: requiredText(AI_LISTING_MESSAGES.modelRequired, "Model", LISTING_LIMITS.model),
  condition: z.enum(CONDITIONS, { errorMap: () => ({ message: AI_LISTING_MESSAGES.invalidCondition }) }),
  /** Empty: let the generator determine it. */
  categoryId: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((v) => v ?? ""),
});
export type AiListingRequest = z.output<typeof AiListingRequestSchema>;

/** One file of the photos field as the multipart reader received it. */
const ReceivedPhotoSchema = z.object({
  name: z.string(),
  size: z.number(),
  status: z.enum(["kept", "too_big", "duplicate", "over_limit"]),
});

/**
 * The photos sent: every file over 10 MB is named, files past the tenth give one message, and at least one photo must
 * be left to read. Repeats are dropped without a word (the wizard sends each photo once).
 */
export const AiPhotosSchema = z.array(ReceivedPhotoSchema).superRefine((files, ctx) => {
  let problems = 0;
  const add = (message: string) => {
    problems += 1;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
  };
  for (const file of files) {
    if (file.status === "too_big" || file.size > WIZARD_MAX_PHOTO_BYTES) add(AI_LISTING_MESSAGES.photoTooBig(file.name));
  }
  if (files.some((file) => file.status === "over_limit")) add(AI_LISTING_MESSAGES.tooManyPhotos);
  if (problems === 0 && !files.some((file) => file.status === "kept")) add(AI_LISTING_MESSAGES.imageRequired);
});
