// Two-step sign-in (docs/decisions/0064): the forms of /profile/second-factor and /login/second-factor,
// and their messages, shared by the pages and the services.
import { z } from "zod";

/** The permissions whose holders must sign in with a second factor: they move money or change people. */
export const SECOND_FACTOR_PERMISSIONS = [
  "can_confirm_payments",
  "can_resolve_disputes",
  "can_manage_users",
  "can_manage_admins",
  "can_manage_billing",
] as const;

/** How many recovery codes an enrolment (or a fresh set) gives. */
export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_PATH = "/profile/second-factor";
export const SIGN_IN_SECOND_STEP_PATH = "/login/second-factor";

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  codeWrong: "That code is not right. Check your authenticator app and try again.",
  codeUsed: "That code has already been used. Wait for your app to show the next one.",
  enrolmentCodeWrong: "That code does not match. Check the time on your phone and type the code the app shows now.",
  noEnrolment: "Start the setup again: no authenticator app is waiting to be confirmed.",
  alreadyEnrolled: "Two-step sign-in is already on for your account.",
  notEnrolled: "Two-step sign-in is not on for your account.",
  passwordWrong: "Your password is not right.",
  passwordRequired: "Enter your password.",
  challengeExpired: "Your sign-in has expired or was ended. Please sign in again.",
  tooManyWrongCodes: "Too many wrong codes. Please sign in again.",
  required: "Your role confirms payments, decides disputes or manages people, so it needs two-step sign-in. Set it up to continue.",
  enabled: "Two-step sign-in is on. Keep your recovery codes somewhere safe: each works once.",
  disabled: "Two-step sign-in is off.",
  regenerated: "Your old recovery codes no longer work. Keep the new ones somewhere safe.",
} as const;

/** A 6-digit code from the app, or a recovery code (xxxxx-xxxxx, dash and spaces optional). */
const codeField = z
  .string({ required_error: SECOND_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
  .max(40, SECOND_FACTOR_MESSAGES.codeWrong);

export const SecondStepSchema = z.object({ code: codeField });

export const SecondFactorActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("confirm"), code: codeField }),
  z.object({ intent: z.literal("regenerate"), code: codeField }),
  z.object({
    intent: z.literal("disable"),
    password: z.string({ required_error: SECOND_FACTOR_MESSAGES.passwordRequired }).min(1, SECOND_FACTOR_MESSAGES.passwordRequired).max(1024),
    code: codeField,
  }),
]);
export type SecondFactorAction = z.infer<typeof SecondFactorActionSchema>;
