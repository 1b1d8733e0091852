// Saving a /listings search under a name (docs/product/alerts.md#saved-searches Saved search, Saved search, docs/product/alerts.md#messages).
import { z } from "zod";
import { SAVE_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from "~/lib/saved-search-messages.ts";

export { SAVE_SEARCH_INTENT, SAVE_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from "~/lib/saved-search-messages.ts";

export const SaveSearchSchema = z.object({
  name: z
    .string({ required_error: SAVE_SEARCH_MESSAGES.nameRequired })
    .trim()
    .min(1, SAVE_SEARCH_MESSAGES.nameRequired)
    .max(SAVED_SEARCH_NAME_MAX, SAVE_SEARCH_MESSAGES.nameTooLong),
});
export type SaveSearchInput = z.infer<typeof SaveSearchSchema>;
