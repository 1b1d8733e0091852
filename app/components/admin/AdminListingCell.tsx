import { Box, HStack, Image, Link, Stack } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A listing in an admin table's first cell: its first photo (an empty square without one) and its title linking to the
 * listing, with what the table says about it beneath (`children`) and a control before the photo (`lead`).
 */
export function AdminListingCell({
  listingId,
  title,
  imageUrl,
  lead,
  children,
}: {
  listingId: number;
  title: string;
  imageUrl: string | null;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <HStack gap="3">
      {lead}
      {imageUrl ? <Image src={imageUrl} alt="" boxSize="10" objectFit="cover" rounded="sm" /> : <Box boxSize="10" bg="bg.muted" rounded="sm" />}
      <Stack gap="0">
        <Link asChild textDecoration="underline">
          <RemixLink to={`/listings/${listingId}`}>{title}</RemixLink>
        </Link>
        {children}
      </Stack>
    </HStack>
  );
}
