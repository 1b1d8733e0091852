// The most searched queries as chips, offered while the search box is empty.
import { AppLink } from "~/components/AppLink.tsx";
import { listingsUrl } from "~/lib/listing-filters.ts";
import { ui } from "./listings-styles.ts";

export function PopularSearches({ searches }: { searches: { query: string }[] }) {
  if (searches.length === 0) return null;
  return (
    <nav aria-labelledby="popular-searches-heading">
      <p id="popular-searches-heading" className={ui.chipsHeading}>
        Popular searches
      </p>
      <ul className={ui.chips}>
        {searches.map(({ query }) => (
          <li key={query}>
            <AppLink to={listingsUrl({ search: query })} className={ui.chip}>
              {query}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
