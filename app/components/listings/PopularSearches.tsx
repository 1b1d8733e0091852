// The most searched queries as chips, offered while the search box is empty.
import { Link as RemixLink } from "@remix-run/react";
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
            <RemixLink to={listingsUrl({ search: query })} className={ui.chip}>
              {query}
            </RemixLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
