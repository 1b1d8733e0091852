// A house's sale event with lots, published or not, for tests of the sale-events domain and its bidding.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { publishSaleEventCatalogue, setSaleEventLots } from "~/flows/index.server.ts";
import { createSaleEvent, type SaleEventInput } from "~/services/sale-events/index.server.ts";
import { insertAuctionRow } from "./auctions.ts";

const MINUTE = 60_000;

/**
 * An event of `lots` fresh auction lots of `sellerId` (starting at $1,000, fixed $10 increment), opening an hour after
 * `now` and closing lot 1 two hours after it, unless `input` says otherwise; published unless `publish: false`.
 */
export async function insertSaleEvent(
  db: Kysely<Database>,
  sellerId: string,
  now: Date,
  { lots = 3, publish = true, ...input }: Partial<SaleEventInput> & { lots?: number; publish?: boolean } = {},
): Promise<{ eventId: number; auctionIds: number[] }> {
  const eventId = await createSaleEvent(
    db,
    sellerId,
    {
      title: "Spring test-equipment sale",
      startsAt: new Date(now.getTime() + 60 * MINUTE),
      firstCloseAt: new Date(now.getTime() + 120 * MINUTE),
      approvalRequired: false,
      ...input,
    },
    now,
  );
  const auctionIds: number[] = [];
  for (let i = 0; i < lots; i++) auctionIds.push((await insertAuctionRow(db, sellerId, {}, now)).auctionId);
  await setSaleEventLots(
    db,
    sellerId,
    eventId,
    auctionIds.map((auctionId, index) => ({ auctionId, position: index + 1 })),
    now,
  );
  if (publish) await publishSaleEventCatalogue(db, sellerId, eventId, now);
  return { eventId, auctionIds };
}
