// Featured Equipment: six active featured listings, newest first, with View All to /listings.
import { AppLink } from "~/components/AppLink.tsx";
import { ListingCard } from "~/components/ListingCard.tsx";
import { gridColumns, staticClasses } from "~/lib/static-styles.ts";
import type { ApproxPrices } from "~/lib/money.ts";
import type { ListingCardData } from "~/services/listings/index.server.ts";

const NO_FEATURED_LISTINGS = "No featured listings available at the moment.";

const featured = staticClasses("featured", {
  header: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "4", mb: "5", flexWrap: "wrap" },
  title: { recipe: "heading", variants: { size: "2xl" } },
  viewAll: { recipe: "button", variants: { variant: "outline", size: "sm" } },
  empty: { borderWidth: "1px", borderStyle: "dashed", rounded: "lg", p: "10", textAlign: "center" },
  emptyText: { color: "fg.muted" },
  grid: { ...gridColumns({ base: 1, sm: 2, xl: 3 }), gap: "5" },
});

export function FeaturedGrid({ listings, watchedIds, approx }: { listings: ListingCardData[]; watchedIds: number[]; approx?: ApproxPrices }) {
  const watched = new Set(watchedIds);
  return (
    <section aria-labelledby="featured-heading">
      <div className={featured.header}>
        <h2 id="featured-heading" className={featured.title}>
          Featured Equipment
        </h2>
        <AppLink to="/listings" className={featured.viewAll}>
          View All
        </AppLink>
      </div>
      {listings.length === 0 ? (
        <div className={featured.empty}>
          <p className={featured.emptyText}>{NO_FEATURED_LISTINGS}</p>
        </div>
      ) : (
        <ul className={featured.grid}>
          {listings.map((listing) => (
            <li key={listing.id}>
              <ListingCard listing={listing} watching={watched.has(listing.id)} approx={approx} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
