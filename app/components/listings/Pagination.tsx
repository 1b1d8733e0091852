// Previous / numbered pages / Next, as real links; the current page is marked with aria-current.
import { Button, HStack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { pageItems } from "~/lib/listing-filters.ts";

export function Pagination({ page, totalPages, hrefFor }: { page: number; totalPages: number; hrefFor: (page: number) => string }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination">
      <HStack as="ul" gap="1" justify="center" wrap="wrap" listStyleType="none">
        <li>
          {page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <RemixLink to={hrefFor(page - 1)} rel="prev">
                Previous
              </RemixLink>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled aria-disabled="true">
              Previous
            </Button>
          )}
        </li>
        {pageItems(page, totalPages).map((item, index) =>
          item === "ellipsis" ? (
            <li key={`ellipsis-${index}`} aria-hidden="true">
              <Text px="2" color="fg.muted">
                …
              </Text>
            </li>
          ) : (
            <li key={item}>
              <Button asChild size="sm" variant={item === page ? "solid" : "ghost"} colorPalette={item === page ? "blue" : "gray"}>
                <RemixLink to={hrefFor(item)} aria-label={`Page ${item}`} aria-current={item === page ? "page" : undefined}>
                  {item}
                </RemixLink>
              </Button>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Button asChild variant="outline" size="sm">
              <RemixLink to={hrefFor(page + 1)} rel="next">
                Next
              </RemixLink>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled aria-disabled="true">
              Next
            </Button>
          )}
        </li>
      </HStack>
    </nav>
  );
}
