// Previous / numbered pages / Next, as real links; the current page is marked with aria-current.
import { AppLink } from "~/components/AppLink.tsx";
import { pageItems } from "~/lib/listing-filters.ts";
import { ui } from "./listings-styles.ts";

export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination">
      <ul className={ui.pager}>
        <li>
          {page > 1 ? (
            <AppLink to={hrefFor(page - 1)} rel="prev" className={ui.pageStep}>
              Previous
            </AppLink>
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
              <AppLink
                to={hrefFor(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={item === page ? ui.pageCurrent : ui.pageNumber}
              >
                {item}
              </AppLink>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <AppLink to={hrefFor(page + 1)} rel="next" className={ui.pageStep}>
              Next
            </AppLink>
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
