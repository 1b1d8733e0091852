// The house's catalogue editing, defined once for the pages and the server: moving a lot up, down or to a position,
// removing it, and the messages of the house's and billing staff's pages (docs/product/sale-events-house.md).
import { MAX_EVENT_LOTS } from "./sale-events.ts";

/** The most bytes of a lots CSV. */
export const LOT_CSV_MAX_BYTES = 256 * 1024;

/** `order` with `id` moved to 1-based `position` (clamped to the list); unchanged when `id` is not in it. */
export function movedTo<T>(order: readonly T[], id: T, position: number): T[] {
  const from = order.indexOf(id);
  if (from === -1) return [...order];
  const rest = order.filter((_, index) => index !== from);
  const to = Math.min(Math.max(1, Math.floor(position)), order.length) - 1;
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}

/** `order` with `id` one place earlier ("up") or later ("down"); the first cannot go up nor the last down. */
export function movedBy<T>(order: readonly T[], id: T, direction: "up" | "down"): T[] {
  const from = order.indexOf(id);
  if (from === -1) return [...order];
  return movedTo(order, id, from + 1 + (direction === "up" ? -1 : 1));
}

export const SALE_EVENT_HOUSE_MESSAGES = {
  created: "Sale created as a draft: add its lots, then publish the catalogue",
  saved: "Sale saved",
  descriptionOnly: "The sale has opened: only its description can be changed now. Changes are recorded in the audit log.",
  lotsSaved: (count: number) => `Catalogue saved: ${count.toLocaleString("en-US")} ${count === 1 ? "lot" : "lots"}`,
  published: "Catalogue published: members may register and pre-bid",
  cancelled: "Sale cancelled: its lots take no more bids",
  confirmCancel: "Tick the box to confirm you are cancelling this sale",
  chooseLots: "Choose at least one auction listing to add",
  tooManyLots: `A sale holds at most ${MAX_EVENT_LOTS.toLocaleString("en-US")} lots`,
  notALot: "That auction is not a lot of this sale",
  csvNothingChanged: "Nothing was changed: fix the rows below and upload the file again",
  csvFile: "Choose a CSV file of lot numbers and listing ids",
  csvTooLarge: `The CSV is larger than ${LOT_CSV_MAX_BYTES / 1024} KB`,
  tooManyCsvRows: `The CSV has more than ${MAX_EVENT_LOTS.toLocaleString("en-US")} lots`,
  csvColumns: "The CSV needs two columns: lot number, then listing id",
  csvLotNumber: (value: string) => `Lot number "${value}" is not a whole number of at least 1`,
  csvListingId: (value: string) => `Listing id "${value}" is not a whole number of at least 1`,
  csvDuplicateLot: (lot: number) => `Lot number ${lot} appears more than once`,
  csvDuplicateListing: (listing: number) => `Listing ${listing} appears more than once`,
  csvNotYours: (listing: number) => `Listing ${listing} is not one of your listings`,
  csvNoOpenAuction: (listing: number) => `Listing ${listing} has no open auction`,
  decided: "Decision saved",
  limitSaved: "Bidding limit saved",
  depositRecorded: "Deposit payment recorded",
  depositConfirmed: "Deposit confirmed: the bidder may bid once approved",
} as const;
