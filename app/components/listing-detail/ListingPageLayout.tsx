// What the listing page and the auction lot page share: the breadcrumb trail, the two columns (pictures and the
// buying side above, the item's story and the side panel below) and the description section.
// Plain elements and static classes (detail-styles.ts): /listings/{id} renders no Chakra component.
import { AppLink } from "~/components/AppLink.tsx";
import type { ReactNode } from "react";
import { ChevronRightIcon } from "../icons.tsx";
import { classNames } from "../shell-styles.ts";
import { breadcrumb, page } from "./detail-styles.ts";
import { ListingGallery, type GalleryImage } from "./ListingGallery.tsx";

function Separator() {
  return (
    <li aria-hidden="true" className={breadcrumb.separator}>
      <ChevronRightIcon />
    </li>
  );
}

/** Home › section › the listing's title. */
export function ListingBreadcrumb({ section, title }: { section: { to: string; label: string }; title: string }) {
  return (
    <nav aria-label="Breadcrumb" className={breadcrumb.root}>
      <ol className={breadcrumb.list}>
        <li className={breadcrumb.item}>
          <AppLink to="/" className={breadcrumb.link}>
            Home
          </AppLink>
        </li>
        <Separator />
        <li className={breadcrumb.item}>
          <AppLink to={section.to} className={breadcrumb.link}>
            {section.label}
          </AppLink>
        </li>
        <Separator />
        <li className={breadcrumb.itemCurrent}>
          <span role="link" aria-current="page" className={breadcrumb.current}>
            {title}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/**
 * The page's two columns, 7 : 5 from the large breakpoint, one column below it. `mt="10"`: the lower pair, set
 * apart from the showcase above it.
 */
export function ListingColumns({ mt, children }: { mt?: "10"; children: ReactNode }) {
  return <div className={classNames(page.columns, mt === "10" && page.columnsBelow)}>{children}</div>;
}

/** The top of the page: the gallery on the left (opening at picture `startImage`), `children` stacked beside it. */
export function ListingShowcase({
  listing,
  startImage,
  children,
}: {
  listing: { id: number; title: string; images: GalleryImage[] };
  startImage: number;
  children: ReactNode;
}) {
  return (
    <ListingColumns>
      <div className={page.cell}>
        <ListingGallery key={listing.id} title={listing.title} images={listing.images} startIndex={startImage} />
      </div>
      <div className={page.cell}>
        <div className={page.side}>{children}</div>
      </div>
    </ListingColumns>
  );
}

/** The seller's description as written (line breaks kept), or a note that there is none. */
export function ListingDescription({ description, testId }: { description: string; testId?: string }) {
  return (
    <section aria-labelledby="description-heading" className={page.section}>
      <h2 id="description-heading" className={page.sectionHeading}>
        Description
      </h2>
      {description.trim() ? (
        <p className={page.description} data-testid={testId}>
          {description}
        </p>
      ) : (
        <p className={page.muted}>No description provided.</p>
      )}
    </section>
  );
}
