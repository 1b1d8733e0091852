// The four headline numbers (docs/product/platform.md#public-pages), with thousands separators; total sales in whole US dollars.
import { formatCount, formatPrice } from "~/lib/money.ts";
import { gridColumns, staticClasses } from "~/lib/static-styles.ts";
import { home } from "./home-styles.ts";

export interface HomeStats {
  activeListings: number;
  activeUsers: number;
  totalSalesUsdCents: number;
  aiListings: number;
}

/** Each number is a Chakra Stat: a <dl> of its label and value. */
const strip = staticClasses("stats", {
  section: { borderBottomWidth: "1px", bg: "bg.subtle" },
  container: { recipe: "container", css: { maxW: "7xl", py: "6" } },
  grid: { ...gridColumns({ base: 2, md: 4 }), gap: "6" },
  stat: { slotRecipe: "stat", slot: "root", css: { textAlign: "center", alignItems: "center" } },
  label: { slotRecipe: "stat", slot: "label", css: { color: "fg.muted", fontSize: "sm" } },
  value: { slotRecipe: "stat", slot: "valueText", css: { fontSize: { base: "2xl", md: "3xl" }, fontWeight: "bold", color: "blue.fg" } },
});

export function StatsStrip({ stats }: { stats: HomeStats }) {
  const items = [
    { label: "Active Listings", value: formatCount(stats.activeListings) },
    { label: "Active Users", value: formatCount(stats.activeUsers) },
    { label: "Total Sales (USD)", value: formatPrice(stats.totalSalesUsdCents, "USD") },
    { label: "AI Listings Created", value: formatCount(stats.aiListings) },
  ];
  return (
    <section aria-labelledby="stats-heading" className={strip.section}>
      <h2 id="stats-heading" className={home.srOnly}>
        Tradebench in numbers
      </h2>
      <div className={strip.container}>
        <div className={strip.grid}>
          {items.map((item) => (
            <dl key={item.label} data-stat={item.label} className={strip.stat}>
              <dt className={strip.label}>{item.label}</dt>
              <dd className={strip.value}>{item.value}</dd>
            </dl>
          ))}
        </div>
      </div>
    </section>
  );
}
