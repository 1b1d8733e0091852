// Reading the listing form from a request (multipart with images, or a plain form) for the create
// and edit actions, and the category choices the form offers.
import type { ZodTypeAny } from "zod";
import type { ListingImage } from "#db/schema.ts";
import type { CategoryGroup } from "~/components/listing-form/ListingFormFields.tsx";
import { type CategoryNode, repeatsAnImage, MAX_IMAGE_BYTES, MAX_LISTING_IMAGES } from "~/services/listings/index.server.ts";
import { parseForm, type ParsedForm } from "./form-data.server.ts";

/** The form field that carries the pictures. */
const IMAGES_FIELD = "images";

/**
 * The listing form's text: a 10,000-character description, 50 specifications and 30 features of a few hundred
 * characters each fit with room to spare, even percent-encoded.
 */
const LISTING_FORM_MAX_BYTES = 256 * 1024;

/**
 * The listing form (multipart with images, or a plain form) read with parseForm and checked with `schema`. Files
 * repeating one already on the listing (`stored`) or earlier in the form are skipped; files over 10 MB or past the
 * 12-image limit are read and dropped, and reported by checkListingUploads.
 */
export function readListingRequest<Schema extends ZodTypeAny>(
  request: Request,
  schema: Schema,
  stored: ReadonlyArray<Pick<ListingImage, "original_name" | "original_size">> = [],
): Promise<ParsedForm<Schema>> {
  return parseForm(request, schema, {
    maxBytes: LISTING_FORM_MAX_BYTES,
    files: {
      field: IMAGES_FIELD,
      maxFileBytes: MAX_IMAGE_BYTES,
      maxFiles: Math.max(0, MAX_LISTING_IMAGES - stored.length),
      isDuplicate: (file, kept) => repeatsAnImage(file, kept, stored),
      // Twelve pictures at the limit, plus room for a few dropped ones and the text fields.
      maxTotalBytes: 2 * MAX_LISTING_IMAGES * MAX_IMAGE_BYTES,
    },
  });
}

/**
 * The taxonomy as select groups: one group per subcategory, holding its items. With `offeredOnly`, categories staff
 * hid on /admin/categories are left out (the new-listing form; an edit keeps offering the listing's own).
 */
export function categoryGroups(tree: CategoryNode[], { offeredOnly = false }: { offeredOnly?: boolean } = {}): CategoryGroup[] {
  const shown = (node: CategoryNode) => !offeredOnly || !node.hidden;
  return tree.filter(shown).flatMap((main) =>
    main.children.filter(shown).flatMap((sub) => {
      const options = (sub.children.length > 0 ? sub.children.filter(shown) : [sub]).map((item) => ({ value: item.id, label: item.name }));
      return options.length > 0 ? [{ label: tree.length > 1 ? `${main.name} — ${sub.name}` : sub.name, options }] : [];
    }),
  );
}
