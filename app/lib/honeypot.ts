// The honeypot field's name, apart from the zod schemas: the footer renders a honeypot on every page, and importing
// it from app/schemas/fields.ts would put zod in every page's first-load JavaScript.

/** The honeypot field: a person leaves it empty; a bot filling it is turned away quietly. */
export const HONEYPOT_FIELD = "website_url";
