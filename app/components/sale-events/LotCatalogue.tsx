// The event's catalogue: lot number, title, current bid, bids, the lot's own close (counting down in its last
// hour), its status and, for a signed-in member, their own standing. Follows the lots on screen live.
import { Badge, Link, Table } from "@chakra-ui/react";
import { AppLink } from "~/components/AppLink.tsx";
import { useServerNow } from "~/components/live/use-live-auctions.ts";
import { formatBidMoney } from "~/lib/bidding.ts";
import { LotClose } from "./LotClose.tsx";
import { useLiveLots } from "./use-live-lots.ts";

export interface CatalogueRow {
  lotNumber: number;
  auctionId: number;
  title: string;
  closesAt: string;
  currentPriceCents: number;
  bidCount: number;
  status: "upcoming" | "open" | "closed" | "cancelled";
  viewerStatus: "leading" | "outbid" | "watching" | null;
}

const STATUS_TEXT = { upcoming: "Not open yet", open: "Open", closed: "Closed", cancelled: "Withdrawn" } as const;
const VIEWER_TEXT = { leading: "Leading", outbid: "Outbid", watching: "Watching" } as const;
const VIEWER_PALETTE = { leading: "green", outbid: "red", watching: "blue" } as const;

export function LotCatalogue({ lots, currency, serverNow, signedIn }: { lots: CatalogueRow[]; currency: string; serverNow: string; signedIn: boolean }) {
  const now = useServerNow(serverNow);
  const { lots: shown, mode } = useLiveLots(lots);
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-live-mode={mode} aria-label="Catalogue">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">Lot</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Item</Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              Current bid
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col" textAlign="end">
              Bids
            </Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Closes</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Status</Table.ColumnHeader>
            {signedIn ? <Table.ColumnHeader scope="col">You</Table.ColumnHeader> : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {shown.map((lot) => (
            <Table.Row key={lot.auctionId} data-testid="catalogue-lot" data-lot={lot.lotNumber}>
              <Table.Cell fontWeight="semibold">{lot.lotNumber}</Table.Cell>
              <Table.Cell overflowWrap="anywhere">
                <Link asChild colorPalette="blue" variant="underline">
                  <AppLink to={`/auctions/${lot.auctionId}`}>{lot.title}</AppLink>
                </Link>
              </Table.Cell>
              <Table.Cell textAlign="end" data-testid="lot-price">
                {formatBidMoney(lot.currentPriceCents, currency)}
              </Table.Cell>
              <Table.Cell textAlign="end">{lot.bidCount}</Table.Cell>
              <Table.Cell data-testid="lot-close">
                <LotClose closesAt={lot.closesAt} open={lot.status === "open"} now={now} />
              </Table.Cell>
              <Table.Cell>{STATUS_TEXT[lot.status]}</Table.Cell>
              {signedIn ? (
                <Table.Cell>
                  {lot.viewerStatus ? (
                    <Badge colorPalette={VIEWER_PALETTE[lot.viewerStatus]} variant="subtle">
                      {VIEWER_TEXT[lot.viewerStatus]}
                    </Badge>
                  ) : null}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
