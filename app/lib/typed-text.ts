// Text a person typed, as every layer stores and compares it.

/**
 * U+0000 carries nothing in text a person typed, and PostgreSQL cannot store or compare it in a text column (SQLite
 * can): it is dropped wherever typed text comes in (form fields, query parameters, JSON bodies), so both engines store,
 * and answer with, the same text.
 */
export function withoutNul(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
}
