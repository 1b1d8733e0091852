// The words of e-mail confirmation (docs/decisions/0028): the banner in the app shell, the refusals of actions an
// unconfirmed account may not take yet, and the /confirm-email page. Client-safe: the banner and the panels that
// explain why a button is missing show them too.

/** The page the confirmation link leads to (`${PUBLIC_URL}${CONFIRM_EMAIL_PATH}?token=…`), and where "Resend the link" posts. */
export const CONFIRM_EMAIL_PATH = "/confirm-email";

export const EMAIL_CONFIRMATION_MESSAGES = {
  banner: "Please confirm your email address to bid, buy, sell and send messages. We sent you a link when you registered.",
  resend: "Resend the link",
  /** The one refusal every guarded action gives an unconfirmed account. */
  required: "Please confirm your email address first: follow the link we emailed you, or ask for a new one.",
  confirmed: "Your email address is confirmed. You can now bid, buy, sell and send messages.",
  alreadyConfirmed: "Your email address is already confirmed.",
  sent: (email: string) => `We sent a new confirmation link to ${email}. Links sent before it no longer work.`,
  used: "This confirmation link has already been used.",
  replaced: "This confirmation link was replaced by a newer one. Use the link in the most recent email, or ask for a new one.",
  expired: "This confirmation link has expired. Links work for 24 hours.",
  invalid: "This confirmation link is not valid. Check that you copied the whole link, or ask for a new one.",
  signInForNewLink: "Sign in to get a new link.",
  waitBeforeResend: (seconds: number) => `We sent a link less than a minute ago. Please wait ${seconds} seconds before asking for another.`,
  /** The hourly limit: the wait rounded up to whole minutes (Retry-After carries the exact seconds). */
  tooManyLinks: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `You have asked for several links already. Please wait ${minutes} ${minutes === 1 ? "minute" : "minutes"} before asking for another.`;
  },
} as const;

/** Why a confirmation link did not confirm: the /confirm-email page's `problem` parameter. */
const CONFIRMATION_PROBLEMS = ["used", "replaced", "expired", "invalid"] as const;
export type ConfirmationProblem = (typeof CONFIRMATION_PROBLEMS)[number];

export function isConfirmationProblem(value: unknown): value is ConfirmationProblem {
  return typeof value === "string" && (CONFIRMATION_PROBLEMS as readonly string[]).includes(value);
}
