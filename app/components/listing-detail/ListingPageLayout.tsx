// What the listing page and the auction lot page share: the breadcrumb trail, the two columns (pictures and the
// buying side above, the item's story and the side panel below) and the description section.
import { Breadcrumb, Grid, GridItem, Heading, Stack, Text, type GridProps } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { ListingGallery, type GalleryImage } from "./ListingGallery.tsx";

/** Home › section › the listing's title. */
export function ListingBreadcrumb({ section, title }: { section: { to: string; label: string }; title: string }) {
  return (
    <Breadcrumb.Root aria-label="Breadcrumb" mb="6" size="md">
      <Breadcrumb.List flexWrap="wrap">
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <RemixLink to="/">Home</RemixLink>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item>
          <Breadcrumb.Link asChild>
            <RemixLink to={section.to}>{section.label}</RemixLink>
          </Breadcrumb.Link>
        </Breadcrumb.Item>
        <Breadcrumb.Separator />
        <Breadcrumb.Item minW="0">
          <Breadcrumb.CurrentLink overflowWrap="anywhere">{title}</Breadcrumb.CurrentLink>
        </Breadcrumb.Item>
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

/** The page's two columns, 7 : 5 from the large breakpoint, one column below it. */
export function ListingColumns(props: GridProps) {
  return <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 7fr) minmax(0, 5fr)" }} gap={{ base: "8", lg: "10" }} {...props} />;
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
      <GridItem minW="0">
        <ListingGallery key={listing.id} title={listing.title} images={listing.images} startIndex={startImage} />
      </GridItem>
      <GridItem minW="0">
        <Stack gap="6">{children}</Stack>
      </GridItem>
    </ListingColumns>
  );
}

/** The seller's description as written (line breaks kept), or a note that there is none. */
export function ListingDescription({ description, testId }: { description: string; testId?: string }) {
  return (
    <Stack as="section" gap="3" aria-labelledby="description-heading">
      <Heading as="h2" size="lg" id="description-heading">
        Description
      </Heading>
      {description.trim() ? (
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid={testId}>
          {description}
        </Text>
      ) : (
        <Text color="fg.muted">No description provided.</Text>
      )}
    </Stack>
  );
}
