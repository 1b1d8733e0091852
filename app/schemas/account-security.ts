// The member's own security forms on /profile: changing the password, signing devices out.
import { z } from "zod";
import { newPasswordField } from "./fields.ts";

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ required_error: "Please enter your current password" })
      .min(1, "Please enter your current password")
      .max(200, "Password must be at most 200 characters long"),
    newPassword: newPasswordField,
    confirmPassword: z.string({ required_error: "Please confirm your password" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

/** "Sign out" on one device (its handle) or on every device but this one. */
export const SignOutDeviceSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end"), device: z.string().regex(/^[0-9a-f]{20}$/, "That device is not signed in any more.") }),
  z.object({ intent: z.literal("end-others") }),
]);

/** What /profile says after a device was signed out (`?devices=` on the redirect back). */
export const SIGNED_OUT_NOTICES = {
  one: "That device is signed out.",
  others: "Every other device is signed out.",
  gone: "That device is not signed in any more.",
} as const;
export type SignedOutNotice = keyof typeof SIGNED_OUT_NOTICES;

export const PASSWORD_CHANGE_MESSAGES = {
  currentWrong: "Your current password is incorrect.",
  sameAsCurrent: "Your new password must be different from your current one.",
  changed: "Your password has been changed. Every other device was signed out.",
} as const;
