// The home page on live data: hero search, AI creator panel, statistics, category browser, featured equipment,
// category tiles, testimonials and the closing call to action (docs/product/platform.md#public-pages "/"); for signed-in members with
// views, their recently viewed listings. A landing page: drawn with static classes only, no Chakra
// component (tests/e2e/first-load.spec.ts).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AiCreatorPanel } from "~/components/home/AiCreatorPanel.tsx";
import { CategoryBrowser } from "~/components/home/CategoryBrowser.tsx";
import { CategoryTiles } from "~/components/home/CategoryTiles.tsx";
import { BROWSE_CATEGORIES } from "~/reference/browse-categories.ts";
import { ClosingCallToAction } from "~/components/home/ClosingCallToAction.tsx";
import { FeaturedGrid } from "~/components/home/FeaturedGrid.tsx";
import { HeroSearch } from "~/components/home/HeroSearch.tsx";
import { home } from "~/components/home/home-styles.ts";
import { RecentlyViewed } from "~/components/home/RecentlyViewed.tsx";
import { StatsStrip } from "~/components/home/StatsStrip.tsx";
import { Testimonials } from "~/components/home/Testimonials.tsx";
import { getDb } from "~/db.server.ts";
import { roleHasPermission } from "~/services/accounts/index.server.ts";
import { getOptionalUser } from "~/web/auth.server.ts";
import { featuredListings, getCategoryIndex, getMarketplaceStats, recentlyViewed, publishedTestimonials } from "~/services/listings/index.server.ts";
import { watchedAmong } from "~/services/watchlist/index.server.ts";
import { viewerApproxPrices } from "~/web/viewer-currency.server.ts";

export const meta: MetaFunction = () => [
  { title: "Tradebench — marketplace for industrial electronics & test equipment" },
  {
    name: "description",
    content:
      "Buy and sell used and new test and measurement gear, automation parts, lab instruments and heavy equipment. Escrow payment, staff-verified sellers and buyer protection.",
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await getOptionalUser(request);
  const [stats, categories, featured, testimonials, recent, approx] = await Promise.all([
    getMarketplaceStats(db),
    // The taxonomy as the process read it at its start (app/reference/taxonomy.ts, synced into the database then), for the
    // tiles; the category browser is drawn from the taxonomy itself (components/home/CategoryBrowser.tsx).
    getCategoryIndex(db),
    featuredListings(db),
    publishedTestimonials(db),
    // Members only. The render memo keys on the loader data (and the root's user), so a member's strip can never be
    // replayed to a visitor, whose data holds an empty list.
    user ? recentlyViewed(db, user.id) : [],
    // "≈ {amount}" in the viewer's currency on cards priced in another.
    viewerApproxPrices(db, request, user),
  ]);
  const watched = await watchedAmong(
    db,
    user?.id,
    featured.map((listing) => listing.id),
  );

  const tiles = BROWSE_CATEGORIES.flatMap(({ slug, blurb }) => {
    const category = categories.find(slug)?.node;
    return category ? [{ slug: category.id, name: category.name, blurb, activeListings: stats.activeByCategory[category.id] ?? 0 }] : [];
  });

  return {
    viewer: { signedIn: Boolean(user), canSell: user ? await roleHasPermission(db, user.role, "can_create_listings") : false },
    stats: {
      activeListings: stats.activeListings,
      activeUsers: stats.activeUsers,
      totalSalesUsdCents: stats.totalSalesUsdCents,
      aiListings: stats.aiListings,
    },
    tiles,
    featured,
    watchedIds: [...watched],
    testimonials,
    recentlyViewed: recent.map(({ card, sold }) => ({ card, sold })),
    approx,
  };
}

export default function HomePage() {
  const { viewer, stats, tiles, featured, watchedIds, testimonials, recentlyViewed: recent, approx } = useLoaderData<typeof loader>();
  return (
    <>
      <HeroSearch viewer={viewer} aside={<AiCreatorPanel viewer={viewer} />} />
      <StatsStrip stats={stats} />
      <div className={home.page}>
        <RecentlyViewed items={recent} approx={approx} />
        <div className={home.layout}>
          <CategoryBrowser />
          <FeaturedGrid listings={featured} watchedIds={watchedIds} approx={approx} />
        </div>
      </div>
      <CategoryTiles tiles={tiles} />
      <Testimonials testimonials={testimonials} />
      <ClosingCallToAction viewer={viewer} />
    </>
  );
}
