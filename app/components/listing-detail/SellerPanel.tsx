// Who sells: avatar or initials, company or full name, and the Verified Seller badge.
import { Avatar, Badge, Card, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { initials } from "~/lib/user.ts";
import { ShieldCheckIcon } from "../icons.tsx";

export interface SellerPanelData {
  firstName: string;
  lastName: string;
  companyName: string;
  avatarUrl: string | null;
  isVerified: boolean;
}

export function sellerName(seller: SellerPanelData): string {
  const company = seller.companyName.trim();
  if (company) return company;
  return `${seller.firstName} ${seller.lastName}`.trim() || "Tradebench seller";
}

export function SellerPanel({ seller }: { seller: SellerPanelData }) {
  const name = sellerName(seller);
  return (
    <Card.Root as="section" aria-labelledby="seller-heading">
      <Card.Body gap="3">
        <Heading as="h2" size="md" id="seller-heading">
          Seller
        </Heading>
        <HStack gap="3">
          <Avatar.Root size="lg" colorPalette="blue">
            <Avatar.Fallback>{initials({ firstName: seller.firstName, lastName: seller.lastName, email: name })}</Avatar.Fallback>
            {seller.avatarUrl ? <Avatar.Image src={seller.avatarUrl} alt="" /> : null}
          </Avatar.Root>
          <Stack gap="1">
            <Text fontWeight="semibold" data-testid="seller-name">
              {name}
            </Text>
            {seller.isVerified ? (
              <Badge colorPalette="green" variant="subtle" w="fit-content">
                <ShieldCheckIcon />
                Verified Seller
              </Badge>
            ) : null}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
