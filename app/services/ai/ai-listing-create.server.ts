// Creating a listing from the AI wizard (docs/product/listings.md#ai-assistant step 3, Listing create payload): the listing, its images
// and (auction, hybrid) its auction in one transaction, live at once, marked ai_generated with the comparables its
// price was based on, and the AI generation it came from marked as used (ai_generations.listing_id, the "successful
// listings" of ai_stats). Who may claim a generation: docs/decisions/0022-ai-wizard.md.
import { sql, type Kysely } from "kysely";
import { foldAsciiCase, toDbTime } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { asciiLowerCase } from "~/lib/listing-filters.ts";
import { AI_LISTING_MESSAGES, ANONYMOUS_CLAIM_HOURS, type AiListingCreateValues } from "~/schemas/ai-listing-create.ts";
import type { ListingInput } from "~/schemas/listing.ts";
import { DomainError } from "../domain-error.ts";
import { roleHasPermission } from "../accounts/index.server.ts";
import { storeNewListing, type ListingPublished } from "../listings/index.server.ts";
import type { Actor, PreparedImage } from "../listings/index.server.ts";
import type { UploadStore } from "../storage/index.server.ts";

export interface AiListingCreated {
  listingId: number;
  /** The auction of an auction or hybrid listing, else null. */
  auctionId: number | null;
  /** Whether the generation the draft came from is now recorded as this listing's. */
  generationClaimed: boolean;
}

/** The wizard's values as the listing service stores them. */
function toAiListingInput(values: AiListingCreateValues): ListingInput {
  const auction = values.auction;
  const hybrid = values.listingType === "hybrid";
  return {
    title: values.title,
    description: values.description,
    categoryId: values.categoryId,
    listingType: values.listingType,
    // An auction or hybrid listing's price is its auction's starting price (as in the manual form); a hybrid's
    // reviewed price is its buy-now price (docs/product/listings.md#ai-assistant: buyNowPrice equals price for hybrid, otherwise null).
    priceCents: auction ? auction.startingPriceCents : values.priceCents,
    buyNowPriceCents: hybrid ? values.priceCents : null,
    auction: auction
      ? {
          startingPriceCents: auction.startingPriceCents,
          reservePriceCents: auction.reservePriceCents,
          buyNowPriceCents: hybrid ? values.priceCents : null,
          durationDays: auction.durationDays,
          // The wizard's auctions start at once (docs/product/listings.md#ai-assistant: startDate null).
          startDate: null,
          bidIncrementCents: null,
          autoExtend: true,
        }
      : null,
    currency: "USD",
    condition: values.condition,
    brand: values.brand,
    model: values.model,
    location: values.location,
    year: values.year,
    serialNumber: values.serialNumber,
    features: values.features,
    specifications: values.specifications,
    testLevel: null,
    calibrationDate: null,
    calibrationDue: null,
    calibrationAccredited: false,
    installedOptions: "",
  };
}

/**
 * Records the listing on its generation, inside the listing's transaction. A generation is claimed once, and only
 * by the member who made it, or (made by a visitor, who then signed in to save) when it is recent, still
 * anonymous and for the same brand and model. Anything else leaves the generation as it was: the listing is
 * created all the same.
 */
async function claimGeneration(
  trx: Kysely<Database>,
  generationId: number,
  actor: Actor,
  listing: { id: number; brand: string; model: string },
  now: Date,
): Promise<boolean> {
  const cutoff = toDbTime(new Date(now.getTime() - ANONYMOUS_CLAIM_HOURS * 60 * 60 * 1000));
  const result = await trx
    .updateTable("ai_generations")
    .set({ listing_id: listing.id, user_id: actor.id })
    .where("id", "=", generationId)
    .where("listing_id", "is", null)
    .where((eb) =>
      eb.or([
        eb("user_id", "=", actor.id),
        eb.and([
          eb("user_id", "is", null),
          eb("created_at", ">=", cutoff),
          // ASCII letters in any case, the same on both engines (PostgreSQL's lower would fold other letters too).
          eb(foldAsciiCase(trx, sql<string>`trim(brand)`), "=", asciiLowerCase(listing.brand.trim())),
          eb(foldAsciiCase(trx, sql<string>`trim(model)`), "=", asciiLowerCase(listing.model.trim())),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Creates the wizard's listing for a seller or an admin: active at once, its images (the first primary), its auction
 * starting now for `durationDays`, ai_generated = 1, comparable_listings = the comparables shown, and its generation
 * claimed: all in one transaction, so a failure at any step leaves nothing behind. Returns, with the listing, what the
 * post-listing flow tells after the commit (createAiListing in app/flows runs both).
 */
export async function storeAiListing(
  db: Kysely<Database>,
  uploads: UploadStore,
  actor: Actor,
  values: AiListingCreateValues,
  images: PreparedImage[],
  now: Date = new Date(),
): Promise<{ created: AiListingCreated; published: ListingPublished }> {
  if (!(await roleHasPermission(db, actor.role, "can_create_listings"))) throw new DomainError("forbidden", AI_LISTING_MESSAGES.notASeller);
  if (images.length === 0) throw new DomainError("invalid", AI_LISTING_MESSAGES.imageRequired, { field: "images" });
  let auctionId: number | null = null;
  let generationClaimed = false;
  const published = await storeNewListing(db, uploads, actor.id, toAiListingInput(values), images, "active", now, {
    aiGenerated: true,
    comparableListings: JSON.stringify(values.comparables),
    withinTransaction: async (trx, created) => {
      auctionId = created.auctionId;
      if (values.generationId !== null) {
        generationClaimed = await claimGeneration(trx, values.generationId, actor, { id: created.listingId, brand: values.brand, model: values.model }, now);
      }
    },
  });
  return { created: { listingId: published.listingId, auctionId, generationClaimed }, published };
}
