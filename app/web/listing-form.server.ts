// Reading the listing form from a request (multipart with images, or a plain form) for the create
// and edit actions, and the category choices the form offers.
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { ZodTypeAny } from "zod";
import type { ListingImage } from "#db/schema.ts";
import type { CategoryGroup } from "~/components/listing-form/ListingFormFields.tsx";
import type { CategoryNode } from "~/services/listings/category.server.ts";
import { LISTING_MESSAGES } from "~/schemas/listing.ts";
import { ListingDeleteRefusedError, ListingNotFoundError, ListingPermissionError, repeatsAnImage } from "~/services/listings/listing.server.ts";
import { MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "~/services/listings/listing-images.server.ts";
import { NOT_A_FORM_MESSAGE, readForm } from "./form-data.server.ts";
import { isMultipart, readMultipartForm, type MultipartForm } from "./multipart.server.ts";

/** The form field that carries the pictures. */
export const IMAGES_FIELD = "images";

/**
 * The text fields and files of a listing form. Files repeating one already on the listing (`stored`) or
 * earlier in the form are skipped; files over 10 MB or past the 12-image limit are read and dropped, and
 * reported by checkListingUploads.
 */
export async function readListingRequest(
  request: Request,
  stored: ReadonlyArray<Pick<ListingImage, "original_name" | "original_size">> = [],
): Promise<MultipartForm> {
  if (!isMultipart(request)) return { fields: await readForm(request), files: [] };
  return readMultipartForm(request, {
    fileField: IMAGES_FIELD,
    maxFileBytes: MAX_IMAGE_BYTES,
    maxFiles: Math.max(0, MAX_LISTING_IMAGES - stored.length),
    isDuplicate: (file, kept) => repeatsAnImage(file, kept, stored),
    // Twelve pictures at the limit, plus room for a few dropped ones and the text fields.
    maxTotalBytes: 2 * MAX_LISTING_IMAGES * MAX_IMAGE_BYTES,
  });
}

/** conform's parse, with a forged form-control field answered as a bad request instead of a crash. */
export function parseListingFields<Schema extends ZodTypeAny>(fields: FormData, schema: Schema) {
  try {
    return parseWithZod(fields, { schema });
  } catch {
    throw data({ message: NOT_A_FORM_MESSAGE }, { status: 400 });
  }
}

/** The taxonomy as select groups: one group per subcategory, holding its items. */
export function categoryGroups(tree: CategoryNode[]): CategoryGroup[] {
  return tree.flatMap((main) =>
    main.children.map((sub) => ({
      label: tree.length > 1 ? `${main.name} — ${sub.name}` : sub.name,
      options: (sub.children.length > 0 ? sub.children : [sub]).map((item) => ({ value: item.id, label: item.name })),
    })),
  );
}

/**
 * Service refusals as HTTP answers: 404 for a missing listing or image, 403 with the spec's message, 409 for a
 * listing that cannot be deleted as things stand (bids on its auction, an order).
 */
export function listingErrorResponse(error: unknown): unknown {
  if (error instanceof ListingNotFoundError) return data({ message: LISTING_MESSAGES.notFound }, { status: 404 });
  if (error instanceof ListingPermissionError) return data({ message: error.message }, { status: 403 });
  if (error instanceof ListingDeleteRefusedError) return data({ message: error.message }, { status: 409 });
  return error;
}
