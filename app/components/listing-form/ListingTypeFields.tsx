// The listing type and its price fields (docs/product/listings.md#create-form /create-listing): a price for Buy It Now; for Auction and
// Hybrid the auction settings (starting price, hidden reserve, buy-now price for hybrids, duration, start, bid
// increment, auto-extend). With JavaScript only the chosen type's fields show; without it every field is on the
// page with notes saying which type reads them, and the server ignores the others.
import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { Box, Checkbox, Fieldset, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { AUCTION_DURATION_DAYS, AUCTION_STATUS_LABELS } from "~/lib/auctions.ts";
import { CURRENCIES, CURRENCY_SYMBOLS } from "~/lib/money.ts";
import { isAuctionListingType, listingTypeChoiceLabel, LISTING_TYPES, type ListingType } from "~/lib/listing-types.ts";
import { KEEP_DURATION, type ListingFormInput, type LiveAuctionSummary } from "~/schemas/listing.ts";
import { SelectField, TextField } from "~/components/forms/index.ts";
import { useHydrated } from "../use-hydrated.ts";

const TYPE_OPTIONS = LISTING_TYPES.map((value) => ({ value, label: listingTypeChoiceLabel(value) }));
const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: `${value} (${CURRENCY_SYMBOLS[value]})` }));
const DURATION_OPTIONS = AUCTION_DURATION_DAYS.map((days) => ({ value: String(days), label: days === 1 ? "1 day" : `${days} days` }));

type Fields = ReturnType<FormMetadata<ListingFormInput>["getFieldset"]>;

/** What the edit form knows about the listing's auctions. */
export interface ListingAuctionContext {
  /** The live (upcoming or active) auction: the type stays, the start is fixed, the duration may keep its end. */
  live: LiveAuctionSummary | null;
  /** An auction or hybrid listing whose last auction is over: saving may start a new one. */
  offerNewAuction: boolean;
}

/** "2026-12-01 14:30 UTC": the same text on the server and in every browser. */
function utcText(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** Date#getTimezoneOffset at the typed local start, so the server reads it as the seller's local time. */
function StartOffsetInput({ name, startDate }: { name: string; startDate: string | undefined }) {
  const at = startDate ? new Date(startDate) : new Date();
  const offset = Number.isNaN(at.getTime()) ? new Date().getTimezoneOffset() : at.getTimezoneOffset();
  return <input type="hidden" name={name} value={String(offset)} />;
}

function CheckboxField({ meta, label, helper }: { meta: FieldMetadata<string | undefined>; label: string; helper?: ReactNode }) {
  return (
    <Stack gap="1">
      {/* The id through the root's ids, so the label (the root) points at the input and the mouse ticks it. */}
      <Checkbox.Root name={meta.name} value="on" defaultChecked={meta.initialValue === "on"} key={meta.key} ids={{ hiddenInput: meta.id }}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {helper ? (
        <Text fontSize="sm" color="fg.muted" ps="7">
          {helper}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A note shown only without JavaScript, when every type's fields are on the page. */
function NoScriptNote({ show, children }: { show: boolean; children: ReactNode }) {
  return show ? (
    <Text fontSize="sm" color="fg.muted">
      {children}
    </Text>
  ) : null;
}

export function ListingTypeFields({ fields, auctions, priceHint }: { fields: Fields; auctions?: ListingAuctionContext; priceHint?: ReactNode }) {
  const hydrated = useHydrated();
  const live = auctions?.live ?? null;
  const chosen = (fields.listingType.value ?? fields.listingType.initialValue ?? "buy_now") as ListingType;
  // Before JavaScript runs (or without it) every section shows.
  const showAll = !hydrated;
  const showBuyNow = showAll || chosen === "buy_now";
  const showAuction = showAll || isAuctionListingType(chosen);
  const showHybrid = showAll || chosen === "hybrid";
  const lockedType = live ? ((fields.listingType.initialValue ?? "auction") as ListingType) : null;

  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold">
        Listing type and price
      </Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {lockedType ? (
              <Stack gap="1">
                <Text fontWeight="medium" fontSize="sm">
                  Listing type
                </Text>
                <Text>{listingTypeChoiceLabel(lockedType)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  The type stays while the auction is live.
                </Text>
                <input type="hidden" name={fields.listingType.name} value={lockedType} />
              </Stack>
            ) : (
              <SelectField meta={fields.listingType} label="Listing type" options={TYPE_OPTIONS} required />
            )}
            <SelectField meta={fields.currency} label="Currency" options={CURRENCY_OPTIONS} />
          </SimpleGrid>
          {priceHint}

          <NoScriptNote show={showAll}>
            Buy It Now listings use the price; Auction and Hybrid listings use the auction settings below and ignore it.
          </NoScriptNote>

          <div hidden={!showBuyNow}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <TextField
                meta={fields.price}
                label="Price"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                required={!showAll}
                helper={showAll ? "Buy It Now listings: the fixed price buyers pay." : "The fixed price buyers pay."}
              />
            </SimpleGrid>
          </div>

          <div hidden={!showAuction}>
            <AuctionSettingsFields fields={fields} showAll={showAll} showHybrid={showHybrid} hydrated={hydrated} auctions={auctions} />
          </div>
        </Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}

function AuctionSettingsFields({
  fields,
  showAll,
  showHybrid,
  hydrated,
  auctions,
}: {
  fields: Fields;
  showAll: boolean;
  showHybrid: boolean;
  hydrated: boolean;
  auctions?: ListingAuctionContext;
}) {
  const live = auctions?.live ?? null;
  const durationOptions = live ? [{ value: KEEP_DURATION, label: `Keep the current end (${utcText(live.endsAt)})` }, ...DURATION_OPTIONS] : DURATION_OPTIONS;
  return (
    <Fieldset.Root borderWidth="1px" rounded="md" p="4">
      <Fieldset.Legend fontWeight="semibold" px="1">
        Auction settings
      </Fieldset.Legend>
      <Fieldset.Content>
        <Stack gap="4">
          <NoScriptNote show={showAll}>These settings apply to Auction and Hybrid listings only.</NoScriptNote>
          {live ? (
            <Box borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{AUCTION_STATUS_LABELS[live.status]} auction:</Text>
                <Text>
                  {live.status === "upcoming" ? "starts" : "started"} {utcText(live.startsAt)}, ends {utcText(live.endsAt)},{" "}
                  {live.bidCount === 1 ? "1 bid" : `${live.bidCount} bids`}.
                </Text>
              </HStack>
              <Text fontSize="sm" color="fg.muted" mt="1">
                {live.bidCount > 0 ? "Bids have been placed, so these settings can no longer change." : "You can change these settings until the first bid."}
              </Text>
            </Box>
          ) : null}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <TextField
              meta={fields.startingPrice}
              label="Starting price"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              required={!showAll}
              helper="Bidding opens at this price."
            />
            <TextField
              meta={fields.reservePrice}
              label="Reserve price (optional)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              helper="Hidden from bidders: they only see whether it is met. Below it the item is not sold. Leave empty for no reserve."
            />
            <div hidden={!showHybrid}>
              <TextField
                meta={fields.buyNowPrice}
                label="Buy now price"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                required={!showAll}
                helper={`${showAll ? "Hybrid listings: buyers" : "Buyers"} can buy at once at this price while bids stay below it. It must be higher than the starting price.`}
              />
            </div>
            <TextField
              meta={fields.bidIncrement}
              label="Fixed bid increment (optional)"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              helper="Leave empty and the step grows with the price ($1 under $25 … $500 from $25,000). Or fix a whole amount of at least 1."
            />
            <SelectField meta={fields.duration} label="Duration" options={durationOptions} helper="How long the auction runs from its start." />
            {live ? null : (
              <Stack gap="0">
                <TextField
                  meta={fields.startDate}
                  label="Start date and time (optional)"
                  type="datetime-local"
                  helper={
                    hydrated
                      ? "Your local time. Leave empty to start the auction as soon as the listing is saved; a later start shows it as Upcoming until then."
                      : "In UTC. Leave empty to start the auction as soon as the listing is saved; a later start shows it as Upcoming until then."
                  }
                />
                {hydrated ? <StartOffsetInput name={fields.startDateOffset.name} startDate={fields.startDate.value} /> : null}
              </Stack>
            )}
          </SimpleGrid>
          <CheckboxField
            meta={fields.autoExtend}
            label="Auto-extend when bids arrive in the last 5 minutes"
            helper="A bid in the last 5 minutes moves the end to 5 minutes after that bid, so nobody wins by sniping."
          />
          {auctions?.offerNewAuction ? (
            <CheckboxField
              meta={fields.startAuction}
              label="Start a new auction with these settings when I save"
              helper="The last auction of this listing is over. Leave this unticked to save other changes only."
            />
          ) : null}
        </Stack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
