// Browse by Category: the eight tiles of docs/product/listings.md#categories (app/reference/browse-categories.ts), each with its name, a short line
// and its live count.
import { AppLink } from "~/components/AppLink.tsx";
import { formatCount } from "~/lib/money.ts";
import { gridColumns, staticClasses } from "~/lib/static-styles.ts";
import { categoryHref } from "./CategoryBrowser.tsx";
import { home } from "./home-styles.ts";

export interface CategoryTile {
  slug: string;
  name: string;
  blurb: string;
  activeListings: number;
}

function listingCount(count: number): string {
  return count === 1 ? "1 listing" : `${formatCount(count)} listings`;
}

/** Each tile is a small card whose name links the whole card (Chakra's LinkBox and LinkOverlay). */
const tileClasses = staticClasses("tiles", {
  section: { py: "12" },
  grid: { ...gridColumns({ base: 1, sm: 2, lg: 4 }), gap: "4" },
  tile: { position: "relative", h: "full" },
  card: {
    slotRecipe: "card",
    slot: "root",
    variants: { size: "sm" },
    css: { h: "full", _hover: { borderColor: "blue.solid" }, _focusWithin: { borderColor: "blue.solid" } },
  },
  body: { slotRecipe: "card", slot: "body", variants: { size: "sm" }, css: { gap: "1" } },
  overlay: {
    position: "static",
    _before: { content: "''", cursor: "inherit", display: "block", position: "absolute", top: "0", left: "0", zIndex: "0", w: "100%", h: "100%" },
  },
  name: { fontWeight: "semibold", fontSize: "md" },
  count: { fontSize: "sm", fontWeight: "medium", color: "blue.fg", mt: "auto", pt: "2" },
});

export function CategoryTiles({ tiles }: { tiles: CategoryTile[] }) {
  return (
    <section aria-labelledby="tiles-heading" className={tileClasses.section}>
      <div className={home.container}>
        <h2 id="tiles-heading" className={home.sectionTitle}>
          Browse by Category
        </h2>
        <ul className={tileClasses.grid}>
          {tiles.map((tile) => (
            <li key={tile.slug} className={tileClasses.tile}>
              <div className={tileClasses.card}>
                <div className={tileClasses.body}>
                  <AppLink to={categoryHref(tile.slug)} className={tileClasses.overlay}>
                    <h3 className={tileClasses.name}>{tile.name}</h3>
                  </AppLink>
                  <p className={home.mutedSmall}>{tile.blurb}</p>
                  <p className={tileClasses.count} data-testid="tile-count">
                    {listingCount(tile.activeListings)}
                  </p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
