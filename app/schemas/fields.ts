// Field rules shared by several forms.
import { safeReturnPath } from "~/lib/safe-return.ts";
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 8;

export const emailField = z
  .string({ required_error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .email("Please enter a valid email address")
  .transform((v) => v.toLowerCase());

export const newPasswordField = z
  .string({ required_error: "Password is required" })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`)
  .max(200, "Password must be at most 200 characters long");

/** Where a form sent without JavaScript goes back to (checked with safeRedirect when it is used). */
export const returnToField = z.string().max(2000).optional();

/** A same-site path to return to after signing in; anything else falls back to /dashboard. */
export function safeRedirect(to: unknown, fallback = "/dashboard"): string {
  return safeReturnPath(to, fallback);
}

export { HONEYPOT_FIELD } from "~/lib/honeypot.ts";
