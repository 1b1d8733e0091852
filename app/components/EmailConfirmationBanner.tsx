// The app shell's reminder for a signed-in account that has not confirmed its e-mail address yet (docs/decisions/0028):
// what waits for the confirmation, and a "Resend the link" button (a plain POST form to /confirm-email, so it works
// without JavaScript). Drawn with static classes like the rest of the shell. `EmailConfirmationNotice` lets a page
// (bid panel, checkout, contact seller, create listing) say the same reason where its button would be.
import { Form, useRouteLoaderData } from "@remix-run/react";
import { CONFIRM_EMAIL_PATH, EMAIL_CONFIRMATION_MESSAGES } from "~/lib/email-confirmation-messages.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import type { CurrentUser } from "~/lib/user.ts";

const banner = staticClasses("confirm-email", {
  root: {
    bg: "orange.subtle",
    color: "orange.fg",
    borderBottomWidth: "1px",
    borderColor: "orange.muted",
    px: "4",
    py: "2",
    fontSize: "sm",
  },
  inner: { display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "center", gap: "3", maxW: "7xl", mx: "auto" },
  text: { fontWeight: "medium" },
  button: { recipe: "button", variants: { variant: "outline", size: "xs" }, css: { colorPalette: "orange", bg: "bg" } },
  notice: {
    borderWidth: "1px",
    borderColor: "orange.muted",
    bg: "orange.subtle",
    color: "orange.fg",
    rounded: "md",
    px: "3",
    py: "2",
    fontSize: "sm",
  },
});

export function EmailConfirmationBanner({ user }: { user: Pick<CurrentUser, "emailConfirmed"> | null }) {
  if (!user || user.emailConfirmed) return null;
  return (
    <div className={banner.root} role="region" aria-label="Email confirmation" data-testid="email-confirmation-banner">
      <div className={banner.inner}>
        <p className={banner.text}>{EMAIL_CONFIRMATION_MESSAGES.banner}</p>
        <Form method="post" action={CONFIRM_EMAIL_PATH}>
          <button type="submit" className={banner.button}>
            {EMAIL_CONFIRMATION_MESSAGES.resend}
          </button>
        </Form>
      </div>
    </div>
  );
}

/** True when the signed-in user still has to confirm their e-mail address (false for visitors). */
export function useNeedsEmailConfirmation(): boolean {
  const root = useRouteLoaderData("root") as { user?: Pick<CurrentUser, "emailConfirmed"> | null } | undefined;
  return Boolean(root?.user && !root.user.emailConfirmed);
}

/** Where an action's button would be: why it is not there yet. Nothing for visitors and confirmed accounts. */
export function EmailConfirmationNotice() {
  if (!useNeedsEmailConfirmation()) return null;
  return (
    <p className={banner.notice} role="note" data-testid="email-confirmation-notice">
      {EMAIL_CONFIRMATION_MESSAGES.required}
    </p>
  );
}
