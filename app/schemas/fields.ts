// Field rules shared by several forms.
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

/** A same-site path to return to after signing in; anything else falls back to /dashboard. */
export function safeRedirect(to: unknown, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

export { HONEYPOT_FIELD } from "~/lib/honeypot.ts";
