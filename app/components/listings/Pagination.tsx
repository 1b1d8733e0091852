// Previous / numbered pages / Next, as real links; the current page is marked with aria-current.
import { Link as RemixLink } from "@remix-run/react";
import { pageItems } from "~/lib/listing-filters.ts";
import { ui } from "./listings-styles.ts";

export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination">
      <ul className={ui.pager}>
        <li>
          {page > 1 ? (
            <RemixLink to={hrefFor(page - 1)} rel="prev" className={ui.pageStep}>
              Previous
            </RemixLink>
          ) : (
            <button type="button" className={ui.pageStep} disabled>
              Previous
            </button>
          )}
        </li>
        {pageItems(page, totalPages).map((item, index) =>
          item === "ellipsis" ? (
            <li key={`ellipsis-${index}`} aria-hidden="true" className={ui.ellipsis}>
              …
            </li>
          ) : (
            <li key={item}>
              <RemixLink
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={item === page ? ui.pageCurrent : ui.pageNumber}
              >
                {item}
              </RemixLink>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <RemixLink to={hrefFor(page + 1)} rel="next" className={ui.pageStep}>
              Next
            </RemixLink>
          ) : (
            <button type="button" className={ui.pageStep} disabled>
              Next
            </button>
          )}
        </li>
      </ul>
    </nav>
  );
}
