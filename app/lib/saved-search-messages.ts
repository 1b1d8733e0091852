// Save Search's words and limits, apart from the zod schema (app/schemas/saved-search.ts re-exports them): /listings
// shows these on every visit, and importing them from the schema would put zod in the page's first-load JavaScript.

export const SAVED_SEARCH_NAME_MAX = 100;

export const SAVE_SEARCH_MESSAGES = {
  nameRequired: "Please enter a name for your saved search",
  nameTooLong: `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  failed: "Failed to save search. Please try again.",
  saved: (name: string) => `Search "${name}" saved successfully!`,
} as const;

export const SAVE_SEARCH_INTENT = "save-search";
