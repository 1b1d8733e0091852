// Every migration, imported statically so the built server carries them. Names sort by date.
import type { Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";
import * as foundation from "./2026-11-21T0900-foundation.ts";
import * as listings from "./2026-11-21T1300-listings.ts";
import * as auctions from "./2026-11-21T1700-auctions.ts";
import * as buyersLoop from "./2026-11-21T2000-buyers-loop.ts";
import * as offlineAndAi from "./2026-11-21T2300-offline-and-ai.ts";
import * as emailConfirmation from "./2026-11-25T1400-email-confirmation.ts";
import * as rolePermissions from "./2026-11-25T1600-role-permissions.ts";
import * as signInLimits from "./2026-11-25T1800-sign-in-limits.ts";
import * as popularSearchVisitors from "./2026-11-25T1810-popular-search-visitors.ts";
import * as postgresSearch from "./2026-11-26T0900-postgres-search.ts";
import * as listingSearchIndexes from "./2026-11-27T0900-listing-search-indexes.ts";
import * as postgresSearchRows from "./2026-11-28T0900-postgres-search-rows.ts";
import * as listingFilterIndexes from "./2026-11-29T0900-listing-filter-indexes.ts";
import * as supportRequests from "./2026-11-30T0900-support-requests.ts";
import * as forum from "./2026-12-01T0900-forum.ts";
import * as knowledgeBase from "./2026-12-01T1000-knowledge-base.ts";
import * as supportInbox from "./2026-12-01T1100-support-inbox.ts";
import * as newsletterConsent from "./2026-12-01T1200-newsletter-consent.ts";
import * as offers from "./2026-12-01T1300-offers.ts";
import * as reviews from "./2026-12-02T0800-reviews.ts";
import * as administrationIndexes from "./2026-12-02T0900-administration-indexes.ts";
import * as trust from "./2026-12-03T0900-trust.ts";
import * as adminDashboardCounts from "./2026-12-03T1000-admin-dashboard-counts.ts";
import * as adminUsers from "./2026-12-03T1100-adminusers.ts";
import * as moderation from "./2026-12-03T1200-moderation.ts";
import * as dashboards from "./2026-12-03T1300-dashboards.ts";
import * as bulkImport from "./2026-12-03T1400-bulk-import.ts";
import * as sqliteSearchRows from "./2026-12-04T0900-sqlite-search-rows.ts";
import * as listingCategoryConditionPrice from "./2026-12-05T0900-listing-category-condition-price.ts";
import * as noSkipScans from "./2026-12-06T0900-no-skip-scans.ts";
import * as listingTestLevelCalibrationSorts from "./2026-12-07T0900-listing-test-level-calibration-sorts.ts";
import * as postgresWalkIndexesEndWithId from "./2026-12-08T0900-postgres-walk-indexes-end-with-id.ts";
import * as postgresSearchByAge from "./2026-12-09T0900-postgres-search-by-age.ts";
import * as referenceAmounts from "./2026-12-10T0900-reference-amounts.ts";
import * as orderTotalsByCurrency from "./2026-12-10T0901-order-totals-by-currency.ts";
import * as secondFactors from "./2026-12-10T1100-second-factors.ts";
import * as displayCurrency from "./2026-12-11T0100-display-currency.ts";
import * as yenMinorUnits from "./2026-12-11T0200-yen-minor-units.ts";
import * as passkeys from "./2026-12-11T0300-passkeys.ts";
import * as disputeThreads from "./2026-12-11T0400-dispute-threads.ts";
import * as unsoldListings from "./2026-12-11T0500-unsold-listings.ts";
import * as orderDesk from "./2026-12-11T0600-order-desk.ts";
import * as bulkImportLocaleAndReview from "./2026-12-11T0700-bulk-import-locale-and-review.ts";
import * as sellerVerificationApplications from "./2026-12-11T0800-seller-verification-applications.ts";
import * as suspensionCancellations from "./2026-12-12T0400-suspension-cancellations.ts";
import * as rolePermissionsForRoleChecks from "./2026-12-13T0100-role-permissions.ts";
import * as reportHidingPermission from "./2026-12-13T0200-role-permissions.ts";
import * as saleEvents from "./2026-12-13T0300-sale-events.ts";
import * as featuredPlacements from "./2026-12-10T1300-featured-placements.ts";
import * as auctionIncrementBandsAndExtensionCap from "./2026-12-10T1000-auction-increment-bands-and-extension-cap.ts";

export interface DialectMigration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on an untyped schema
  up: (db: Kysely<any>, dialect: MigrationDialect) => Promise<void>;
}

export const MIGRATIONS: Record<string, DialectMigration> = {
  "2026-11-21T0900-foundation": foundation,
  "2026-11-21T1300-listings": listings,
  "2026-11-21T1700-auctions": auctions,
  "2026-11-21T2000-buyers-loop": buyersLoop,
  "2026-11-21T2300-offline-and-ai": offlineAndAi,
  "2026-11-25T1400-email-confirmation": emailConfirmation,
  "2026-11-25T1600-role-permissions": rolePermissions,
  "2026-11-25T1800-sign-in-limits": signInLimits,
  "2026-11-25T1810-popular-search-visitors": popularSearchVisitors,
  "2026-11-26T0900-postgres-search": postgresSearch,
  "2026-11-27T0900-listing-search-indexes": listingSearchIndexes,
  "2026-11-28T0900-postgres-search-rows": postgresSearchRows,
  "2026-11-29T0900-listing-filter-indexes": listingFilterIndexes,
  "2026-11-30T0900-support-requests": supportRequests,
  "2026-12-01T0900-forum": forum,
  "2026-12-01T1000-knowledge-base": knowledgeBase,
  "2026-12-01T1100-support-inbox": supportInbox,
  "2026-12-01T1200-newsletter-consent": newsletterConsent,
  "2026-12-01T1300-offers": offers,
  "2026-12-02T0800-reviews": reviews,
  "2026-12-02T0900-administration-indexes": administrationIndexes,
  "2026-12-03T0900-trust": trust,
  "2026-12-03T1000-admin-dashboard-counts": adminDashboardCounts,
  "2026-12-03T1100-adminusers": adminUsers,
  "2026-12-03T1200-moderation": moderation,
  "2026-12-03T1300-dashboards": dashboards,
  "2026-12-03T1400-bulk-import": bulkImport,
  "2026-12-04T0900-sqlite-search-rows": sqliteSearchRows,
  "2026-12-05T0900-listing-category-condition-price": listingCategoryConditionPrice,
  "2026-12-06T0900-no-skip-scans": noSkipScans,
  "2026-12-07T0900-listing-test-level-calibration-sorts": listingTestLevelCalibrationSorts,
  "2026-12-08T0900-postgres-walk-indexes-end-with-id": postgresWalkIndexesEndWithId,
  "2026-12-09T0900-postgres-search-by-age": postgresSearchByAge,
  "2026-12-10T0900-reference-amounts": referenceAmounts,
  "2026-12-10T0901-order-totals-by-currency": orderTotalsByCurrency,
  "2026-12-10T1000-auction-increment-bands-and-extension-cap": auctionIncrementBandsAndExtensionCap,
  "2026-12-10T1100-second-factors": secondFactors,
  "2026-12-10T1300-featured-placements": featuredPlacements,
  "2026-12-11T0100-display-currency": displayCurrency,
  "2026-12-11T0200-yen-minor-units": yenMinorUnits,
  "2026-12-11T0300-passkeys": passkeys,
  "2026-12-11T0400-dispute-threads": disputeThreads,
  "2026-12-11T0500-unsold-listings": unsoldListings,
  "2026-12-11T0600-order-desk": orderDesk,
  "2026-12-11T0700-bulk-import-locale-and-review": bulkImportLocaleAndReview,
  "2026-12-11T0800-seller-verification-applications": sellerVerificationApplications,
  "2026-12-12T0400-suspension-cancellations": suspensionCancellations,
  "2026-12-13T0100-role-permissions": rolePermissionsForRoleChecks,
  "2026-12-13T0200-role-permissions": reportHidingPermission,
  "2026-12-13T0300-sale-events": saleEvents,
};
