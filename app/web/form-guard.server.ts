// Checks every public form shares: the honeypot.
import { HONEYPOT_FIELD } from "~/schemas/fields.ts";

/** True when the hidden honeypot field was filled in, i.e. a bot sent the form. */
export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
