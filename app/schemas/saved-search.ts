// Saving a /listings search under a name (spec 01 §3 Saved search, §5 Saved search, §8).
import { z } from "zod";

export const SAVED_SEARCH_NAME_MAX = 100;

export const SAVE_SEARCH_MESSAGES = {
  nameRequired: "Please enter a name for your saved search",
  nameTooLong: `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  failed: "Failed to save search. Please try again.",
  saved: (name: string) => `Search "${name}" saved successfully!`,
} as const;

export const SAVE_SEARCH_INTENT = "save-search";

export const SaveSearchSchema = z.object({
  name: z
    .string({ required_error: SAVE_SEARCH_MESSAGES.nameRequired })
    .trim()
    .min(1, SAVE_SEARCH_MESSAGES.nameRequired)
    .max(SAVED_SEARCH_NAME_MAX, SAVE_SEARCH_MESSAGES.nameTooLong),
});
export type SaveSearchInput = z.infer<typeof SaveSearchSchema>;
