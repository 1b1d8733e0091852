// Make Offer on a listing page: a button that opens the offer form in a disclosure (<details>, so it opens
// and posts without JavaScript), showing how many offers the buyer has left and when an open one expires. The form
// posts to /listings/{id}/offer; a refused offer comes back on that page with the message beside its field.
import { Form, Link, useNavigation } from "@remix-run/react";
import { loginUrl } from "~/lib/http.ts";
import { formatExactPrice } from "~/lib/money.ts";
import { OFFER_MESSAGE_MAX_LENGTH, offersRemainingText, offerTimeLeftText, type OfferParty } from "~/lib/offers.ts";
import { staticClasses } from "~/lib/static-styles.ts";
import { useNow } from "../use-now.ts";

/** What the panel needs: the offers service's OfferPanel as the loader serialises it. */
export interface MakeOfferPanelData {
  listingTitle: string;
  canOffer: boolean;
  problem: string | null;
  offersRemaining: number;
  priceCents: number;
  currency: string;
  open: { offerId: number; amountCents: number; madeBy: OfferParty; expiresAt: string } | null;
}

export interface OfferFormErrors {
  amount?: string;
  message?: string;
  form?: string;
}

export const offerUi = staticClasses("offer", {
  panel: { borderWidth: "1px", borderColor: "border", rounded: "l3", p: "4", display: "flex", flexDirection: "column", gap: "3" },
  summary: {
    recipe: "button",
    variants: { variant: "solid" },
    css: { colorPalette: "blue", cursor: "pointer", listStyle: "none", w: "fit-content", "&::-webkit-details-marker": { display: "none" } },
  },
  heading: { fontWeight: "semibold", fontSize: "md" },
  muted: { color: "fg.muted", fontSize: "sm" },
  form: { display: "flex", flexDirection: "column", gap: "3", mt: "3" },
  field: { display: "flex", flexDirection: "column", gap: "1.5" },
  label: { fontWeight: "medium", fontSize: "sm" },
  input: { recipe: "input", css: { maxW: "16rem" } },
  textarea: { recipe: "textarea", css: { minH: "5rem" } },
  error: { color: "fg.error", fontSize: "sm" },
  formError: { color: "fg.error", fontWeight: "medium" },
  submit: { recipe: "button", css: { colorPalette: "blue", w: "fit-content" } },
  link: { color: "blue.fg", textDecoration: "underline" },
  page: { maxW: "2xl", mx: "auto", px: "4", py: { base: "6", md: "10" } },
  pageTitle: { recipe: "heading", variants: { size: "xl" } },
});

/** The offer form itself: amount, optional message, send. Used in the panel and on /listings/{id}/offer. */
export function MakeOfferForm({
  listingId,
  panel,
  errors,
  values,
}: {
  listingId: number;
  panel: MakeOfferPanelData;
  errors?: OfferFormErrors;
  values?: { amount?: string; message?: string };
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === `/listings/${listingId}/offer`;
  return (
    <Form method="post" action={`/listings/${listingId}/offer`} className={offerUi.form} noValidate>
      {errors?.form ? (
        <p role="alert" className={offerUi.formError}>
          {errors.form}
        </p>
      ) : null}
      <div className={offerUi.field}>
        <label htmlFor={`offer-amount-${listingId}`} className={offerUi.label}>
          Your offer ({panel.currency}, below {formatExactPrice(panel.priceCents, panel.currency)})
        </label>
        <input
          id={`offer-amount-${listingId}`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={values?.amount}
          className={offerUi.input}
          aria-invalid={errors?.amount ? true : undefined}
          aria-describedby={errors?.amount ? `offer-amount-error-${listingId}` : undefined}
        />
        {errors?.amount ? (
          <span id={`offer-amount-error-${listingId}`} className={offerUi.error}>
            {errors.amount}
          </span>
        ) : null}
      </div>
      <div className={offerUi.field}>
        <label htmlFor={`offer-message-${listingId}`} className={offerUi.label}>
          Message to the seller (optional)
        </label>
        <textarea
          id={`offer-message-${listingId}`}
          name="message"
          maxLength={OFFER_MESSAGE_MAX_LENGTH}
          defaultValue={values?.message}
          className={offerUi.textarea}
          aria-invalid={errors?.message ? true : undefined}
          aria-describedby={errors?.message ? `offer-message-error-${listingId}` : undefined}
        />
        {errors?.message ? (
          <span id={`offer-message-error-${listingId}`} className={offerUi.error}>
            {errors.message}
          </span>
        ) : null}
      </div>
      <p className={offerUi.muted}>
        The seller has 48 hours to accept, decline or counter. If they accept, the item is yours at that price and you pay through checkout within 48 hours.
      </p>
      <button type="submit" className={offerUi.submit} disabled={sending}>
        {sending ? "Sending offer…" : "Send offer"}
      </button>
    </Form>
  );
}

/** The listing page's Make Offer panel; `signedIn` false shows a sign-in link instead of the form. */
export function MakeOfferPanel({
  listingId,
  panel,
  signedIn,
  serverNow,
}: {
  listingId: number;
  panel: MakeOfferPanelData;
  signedIn: boolean;
  serverNow: string | null;
}) {
  // The clock matters only for an open offer's time left (the loader sends it only then).
  const now = new Date(useNow(serverNow ?? panel.open?.expiresAt ?? "2026-01-01T00:00:00.000Z"));
  return (
    <section aria-labelledby={`make-offer-heading-${listingId}`} className={offerUi.panel} data-testid="make-offer">
      <h2 id={`make-offer-heading-${listingId}`} className={offerUi.heading}>
        The seller takes offers
      </h2>
      {!signedIn ? (
        <p className={offerUi.muted}>
          <Link to={loginUrl(`/listings/${listingId}`)} className={offerUi.link}>
            Sign in to make an offer
          </Link>
        </p>
      ) : (
        <>
          <p className={offerUi.muted}>{offersRemainingText(panel.offersRemaining)}</p>
          {panel.open ? (
            <p>
              {panel.open.madeBy === "buyer" ? "Your offer of " : "The seller's counter of "}
              <strong>{formatExactPrice(panel.open.amountCents, panel.currency)}</strong> awaits {panel.open.madeBy === "buyer" ? "the seller's" : "your"}{" "}
              answer ({offerTimeLeftText(panel.open.expiresAt, now).toLowerCase()}).{" "}
              <Link to="/offers?tab=sent" className={offerUi.link}>
                See your offers
              </Link>
            </p>
          ) : panel.problem ? (
            <p>{panel.problem}</p>
          ) : null}
          {panel.canOffer ? (
            <details>
              <summary className={offerUi.summary}>Make Offer</summary>
              <MakeOfferForm listingId={listingId} panel={panel} />
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
