// Passkeys as a second factor (docs/decisions/0071): the forms of /profile/second-factor's passkey
// section and of the passkey step of /login/second-factor, and their messages.
import { z } from "zod";
import { SECOND_FACTOR_MESSAGES } from "./second-factor.ts";

const PASSKEY_NAME_MAX = 60;
/** A browser's registration or assertion answer, as JSON text: a few KB at most for real authenticators. */
const PASSKEY_RESPONSE_MAX = 16_384;

export const PASSKEY_MESSAGES = {
  nameRequired: "Give the passkey a name, such as “Work laptop”.",
  nameTooLong: `Keep the name under ${PASSKEY_NAME_MAX} characters.`,
  responseMissing: "Your browser did not answer with a passkey. Try again.",
  challengeWrong: "That passkey answer does not belong to this request, or it was already used. Try again.",
  unknownPasskey: "That passkey is not registered to this account. Use another passkey, or your code.",
  counterRegression:
    "That passkey reported an older use than its last one, so it may have been copied. Use your code, and remove this passkey from your profile.",
  notVerified: "The passkey could not be verified. Try again, or use your code.",
  alreadyRegistered: "That passkey is already registered.",
  notFound: "That passkey is not on your account.",
  added: "Passkey added. You can use it instead of a code when you sign in.",
  removed: "Passkey removed.",
  unsupported: "This browser cannot use passkeys here. Use your authenticator app or a recovery code.",
} as const;

const responseField = z
  .string({ required_error: PASSKEY_MESSAGES.responseMissing })
  .min(2, PASSKEY_MESSAGES.responseMissing)
  .max(PASSKEY_RESPONSE_MAX, PASSKEY_MESSAGES.notVerified);

/** The registration endpoint: ask for options, then send the browser's answer with a name. */
export const PasskeyRegistrationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options") }),
  z.object({
    intent: z.literal("register"),
    name: z
      .string({ required_error: PASSKEY_MESSAGES.nameRequired })
      .trim()
      .min(1, PASSKEY_MESSAGES.nameRequired)
      .max(PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong),
    response: responseField,
  }),
]);

/** Removing a passkey (a plain form on /profile/second-factor): the password and a current code. */
export const RemovePasskeySchema = z.object({
  intent: z.literal("remove-passkey"),
  credentialId: z.string().min(1, PASSKEY_MESSAGES.notFound).max(1400, PASSKEY_MESSAGES.notFound),
  password: z.string({ required_error: SECOND_FACTOR_MESSAGES.passwordRequired }).min(1, SECOND_FACTOR_MESSAGES.passwordRequired).max(1024),
  code: z
    .string({ required_error: SECOND_FACTOR_MESSAGES.codeRequired })
    .trim()
    .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
    .max(40, SECOND_FACTOR_MESSAGES.codeWrong),
});

/** The second step with a passkey: ask for options bound to the waiting sign-in, then send the browser's answer. */
export const PasskeySignInSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("options") }),
  z.object({ intent: z.literal("verify"), response: responseField }),
]);
