// The catalogue's lots in order, each with its lot number and plain form posts that work from the keyboard and
// without JavaScript: Move up, Move down, Move to position N, Remove. `frozen`: the sale has opened (no changes).
import { Box, Button, HStack, Input, Link, Stack, Text } from "@chakra-ui/react";
import { Form, Link as RemixLink } from "@remix-run/react";
import { formatDateTime } from "~/lib/dates.ts";

export interface HouseLot {
  lotNumber: number;
  auctionId: number;
  listingId: number;
  title: string;
  scheduledCloseAt: string;
}

function LotButton({ intent, auctionId, label, disabled }: { intent: string; auctionId: number; label: string; disabled?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="auctionId" value={auctionId} />
      <Button type="submit" name="intent" value={intent} size="xs" variant="outline" disabled={disabled}>
        {label}
      </Button>
    </Form>
  );
}

export function HouseLotList({ lots, frozen }: { lots: HouseLot[]; frozen: boolean }) {
  if (lots.length === 0) return <Text color="fg.muted">No lots yet: add your auction listings below.</Text>;
  return (
    <Stack as="ol" gap="2" listStyleType="none" aria-label="Catalogue">
      {lots.map((lot, index) => (
        <Box as="li" key={lot.auctionId} borderWidth="1px" rounded="md" p="3" data-testid="house-lot">
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text>
              <strong>Lot {lot.lotNumber}</strong>{" "}
              <Link asChild colorPalette="blue" textDecoration="underline">
                <RemixLink to={`/listings/${lot.listingId}`}>{lot.title}</RemixLink>
              </Link>{" "}
              <Text as="span" color="fg.muted" fontSize="sm">
                closes {formatDateTime(lot.scheduledCloseAt)} UTC
              </Text>
            </Text>
            {frozen ? null : (
              <HStack gap="2" wrap="wrap">
                <LotButton intent="up" auctionId={lot.auctionId} label={`Move lot ${lot.lotNumber} up`} disabled={index === 0} />
                <LotButton intent="down" auctionId={lot.auctionId} label={`Move lot ${lot.lotNumber} down`} disabled={index === lots.length - 1} />
                <Form method="post">
                  <HStack gap="1">
                    <input type="hidden" name="auctionId" value={lot.auctionId} />
                    <Input
                      name="position"
                      type="number"
                      size="xs"
                      w="5rem"
                      min={1}
                      max={lots.length}
                      required
                      aria-label={`New position of lot ${lot.lotNumber}`}
                    />
                    <Button type="submit" name="intent" value="moveTo" size="xs" variant="outline">
                      Move to position
                    </Button>
                  </HStack>
                </Form>
                <LotButton intent="remove" auctionId={lot.auctionId} label={`Remove lot ${lot.lotNumber}`} />
              </HStack>
            )}
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
