// What the listing page (and the auction lot page) shows when it cannot be shown: not found (404) or a load failure.
import { isRouteErrorResponse, Link as RemixLink } from "@remix-run/react";
import { LISTING_DETAIL_MESSAGES } from "~/lib/listing-detail-messages.ts";
import { staticClasses } from "~/lib/static-styles.ts";

// Plain elements with precompiled classes (app/lib/static-styles.ts): the page's error boundary is part of its first
// load, so Chakra components here would bring their code into every listing and lot page.
const look = staticClasses("listing-problem", {
  page: { recipe: "container", css: { maxW: "2xl", py: "16", textAlign: "center" } },
  stack: { display: "flex", flexDirection: "column", alignItems: "center", gap: "6" },
  title: { recipe: "heading", variants: { size: "2xl" } },
  note: { color: "fg.muted" },
  actions: { display: "flex", flexDirection: { base: "column", sm: "row" }, gap: "3" },
  solid: { recipe: "button", css: { colorPalette: "blue" } },
  outline: { recipe: "button", variants: { variant: "outline" }, css: { colorPalette: "blue" } },
});

export interface ListingProblemProps {
  error: unknown;
  /** The page's own words for the two cases. */
  messages?: { notFound: string; loadFailed: string };
  /** Where to browse instead. */
  browse?: { to: string; label: string };
}

export function ListingProblem({ error, messages = LISTING_DETAIL_MESSAGES, browse = { to: "/listings", label: "Browse Listings" } }: ListingProblemProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={look.page}>
      <div className={look.stack}>
        <h1 className={look.title}>{notFound ? messages.notFound : messages.loadFailed}</h1>
        {notFound ? <p className={look.note}>It may have been removed, or the link may be mistyped.</p> : null}
        <div className={look.actions}>
          {notFound ? null : (
            // A plain link reloads the page, so the loader runs again.
            <a href="" className={look.solid}>
              Try Again
            </a>
          )}
          <RemixLink to={browse.to} className={notFound ? look.solid : look.outline}>
            {browse.label}
          </RemixLink>
        </div>
      </div>
    </div>
  );
}
