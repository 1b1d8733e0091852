// The /bulk-upload forms (docs/product/listings.md#bulk-import): every step's buttons post an intent with the import's id; the
// upload itself is a multipart form read by the route as a stream (app/services/bulk-import/bulk-csv.server.ts).
import { z } from "zod";
import { BULK_FIELDS, BULK_LIMITS } from "~/lib/bulk-import.ts";
import { LISTING_LIMITS } from "./listing.ts";

const importId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const rowNumber = z.coerce.number().int().positive().max(BULK_LIMITS.rows);
const text = (max: number) => z.string().max(max).optional().default("");

/** A mapping choice: a field, or "" for a column left out. */
export const MAPPING_IGNORE = "ignore";
const mappingChoice = z.union([z.enum(BULK_FIELDS), z.literal(MAPPING_IGNORE)]);

export const BulkImportActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("map"), importId, mapping: z.array(mappingChoice).max(BULK_LIMITS.columns), decimalSeparator: z.enum([".", ","]).optional() }),
  z.object({
    intent: z.literal("map-values"),
    importId,
    from: z.array(z.string().max(200)).max(BULK_LIMITS.valueMappings),
    to: z.array(z.string().max(40)).max(BULK_LIMITS.valueMappings),
  }),
  z.object({
    intent: z.literal("edit-row"),
    importId,
    rowNumber,
    price: text(40),
    condition: text(40),
    description: text(LISTING_LIMITS.description),
    category: text(200),
    brand: z.string().max(LISTING_LIMITS.brand).optional(),
    model: z.string().max(LISTING_LIMITS.model).optional(),
    title: z.string().max(LISTING_LIMITS.title).optional(),
    photoUrls: z
      .string()
      .max(BULK_LIMITS.photos * 2100)
      .optional(),
  }),
  z.object({ intent: z.literal("remove-row"), importId, rowNumber }),
  z.object({ intent: z.literal("restore-row"), importId, rowNumber }),
  z.object({ intent: z.literal("process-ai"), importId }),
  z.object({ intent: z.literal("to-payment"), importId }),
  z.object({ intent: z.literal("back-to-upload"), importId }),
  z.object({ intent: z.literal("back-to-review"), importId }),
  z.object({ intent: z.literal("apply-promo"), importId, promoCode: text(40) }),
  z.object({ intent: z.literal("import"), importId, promoCode: text(40) }),
]);
export type BulkImportAction = z.infer<typeof BulkImportActionSchema>;

/** The address of an import's page (and of its review page). */
export function bulkImportUrl(id: number, page = 1): string {
  return page > 1 ? `/bulk-upload?import=${id}&page=${page}` : `/bulk-upload?import=${id}`;
}
