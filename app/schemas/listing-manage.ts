// The owner's small forms around a listing: the delete confirmation (POST /listings/{id}/delete, the box ticked
// sends "yes") and the image manager's buttons on the edit page (one change to one stored image).
import { z } from "zod";
import { LISTING_MESSAGES } from "./listing.ts";

export const DeleteListingSchema = z.object({
  confirm: z.literal("yes", { errorMap: () => ({ message: LISTING_MESSAGES.deleteConfirmRequired }) }),
});

const LISTING_IMAGE_INTENTS = ["image-up", "image-down", "image-primary", "image-remove"] as const;

export const ListingImageChangeSchema = z.object({
  intent: z.enum(LISTING_IMAGE_INTENTS),
  imageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
