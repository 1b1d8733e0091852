// The listing form's offer settings, read beside the listing's own fields by /create-listing and
// /edit-listing: parsed with their schema and checked against the listing type and price the same form sends, so a
// refusal comes back beside its field before anything is saved.
import { lowAutoPriceWarnings, OFFER_MESSAGES } from "~/lib/offers.ts";
import { offerAmountInCurrency, OfferSettingsSchema } from "~/schemas/offers.ts";
import type { ListingInput } from "~/schemas/listing.ts";
import { checkOfferSettings, type OfferSettings } from "~/services/orders/index.server.ts";
import { isDomainError } from "~/services/domain-error.ts";

export type OfferSettingsReading = { ok: true; settings: OfferSettings } | { ok: false; fieldErrors: Record<string, string[]> };

export function readOfferSettings(
  fields: FormData,
  listing: Pick<ListingInput, "listingType" | "priceCents" | "buyNowPriceCents" | "currency">,
): OfferSettingsReading {
  const parsed = OfferSettingsSchema.safeParse({
    acceptsOffers: fields.get("acceptsOffers") ?? undefined,
    autoAcceptPrice: fields.get("autoAcceptPrice") ?? undefined,
    autoDeclinePrice: fields.get("autoDeclinePrice") ?? undefined,
    confirmLowPrices: fields.get("confirmLowPrices") ?? undefined,
  });
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] = [issue.message];
    return { ok: false, fieldErrors };
  }
  // The schema reads hundredths of a unit; the listing's currency says what its minor unit is (¥: whole yen only).
  const inCurrency = (field: "autoAcceptPrice" | "autoDeclinePrice"): number | null | string => {
    const hundredths = parsed.data[field];
    if (hundredths === null) return null;
    const amount = offerAmountInCurrency(hundredths, listing.currency);
    return amount.ok ? amount.cents : amount.message;
  };
  const autoAccept = inCurrency("autoAcceptPrice");
  const autoDecline = inCurrency("autoDeclinePrice");
  if (typeof autoAccept === "string") return { ok: false, fieldErrors: { autoAcceptPrice: [autoAccept] } };
  if (typeof autoDecline === "string") return { ok: false, fieldErrors: { autoDeclinePrice: [autoDecline] } };
  const settings: OfferSettings = {
    acceptsOffers: parsed.data.acceptsOffers,
    autoAcceptCents: autoAccept,
    autoDeclineCents: autoDecline,
    confirmedLowPrices: parsed.data.confirmLowPrices,
  };
  const price = listing.listingType === "hybrid" ? (listing.buyNowPriceCents ?? 0) : listing.priceCents;
  try {
    checkOfferSettings({ ...settings, confirmedLowPrices: true }, listing.listingType, price);
  } catch (error) {
    if (isDomainError(error)) return { ok: false, fieldErrors: { [error.field ?? "acceptsOffers"]: [error.message] } };
    throw error;
  }
  // Automatic prices under half the price: each gets its question, and the form shows "Yes, keep these prices".
  const warnings = settings.acceptsOffers && !settings.confirmedLowPrices ? lowAutoPriceWarnings(settings, price) : {};
  if (Object.keys(warnings).length > 0) {
    const fieldErrors: Record<string, string[]> = { confirmLowPrices: [OFFER_MESSAGES.confirmLowPrices] };
    for (const [field, warning] of Object.entries(warnings)) fieldErrors[field] = [warning];
    return { ok: false, fieldErrors };
  }
  return { ok: true, settings };
}
