// "Previous page · Page N of M · Next page" under an admin table (the flagged-listings queues and /admin/listings);
// nothing when everything fits on one page.
import { HStack, Link, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";

export function PageLinks({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  if (pageCount <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pages" gap="4">
      {page > 1 ? (
        <Link asChild textDecoration="underline">
          <RemixLink to={hrefFor(page - 1)}>Previous page</RemixLink>
        </Link>
      ) : null}
      <Text>
        Page {page} of {pageCount}
      </Text>
      {page < pageCount ? (
        <Link asChild textDecoration="underline">
          <RemixLink to={hrefFor(page + 1)}>Next page</RemixLink>
        </Link>
      ) : null}
    </HStack>
  );
}
