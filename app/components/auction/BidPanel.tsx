// The bid panel (spec 01 §5 Bids, §8, §9): suggested bids, the amount (digits with up to 2 decimals), an optional
// maximum for proxy bidding, the spec's messages, and Buy Now on hybrids. A plain POST form that works without
// JavaScript (the server redirects back with the outcome); with JavaScript a fetcher posts it, the amount is
// checked first, and the answer shows here without leaving the page.
import { Alert, Box, Button, Field, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { AuctionSnapshot } from "~/lib/auctions.ts";
import { BID_MESSAGES, formatBidMoney, minimumNextBid, parseBidAmount, suggestedBids } from "~/lib/bidding.ts";
import { centsToInput, CURRENCY_SYMBOLS, isCurrency } from "~/lib/money.ts";
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { isOffline } from "~/lib/offline/online.ts";
import { BID_FORM_MESSAGES, type BidActionData, type BidField, type BidFlash } from "~/lib/bid-form.ts";
import { useAuctionClock, type AuctionClock } from "./Countdown.tsx";
import { loginUrl } from "~/lib/http.ts";

export interface BidPanelProps {
  snapshot: AuctionSnapshot;
  serverNow: string;
  signedIn: boolean;
  viewerIsSeller: boolean;
  /** The outcome of a bid posted without JavaScript, shown once. */
  flash: BidFlash | null;
  /** Receives the snapshot returned by the viewer's own bid. */
  onSnapshot?: (snapshot: AuctionSnapshot) => void;
  headingLevel?: "h2" | "h3";
}

interface Notice {
  ok: boolean;
  message: string;
  field?: BidField;
}

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Digits with up to 2 decimals while typing (thousands separators and spaces are dropped). */
function cleanAmount(text: string): string | null {
  const cleaned = text.replace(/[,\s]/g, "");
  return /^\d{0,9}(\.\d{0,2})?$/.test(cleaned) ? cleaned : null;
}

function symbolOf(currency: string): string {
  return isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : currency;
}

/** Why the viewer cannot bid now, or null when they can. */
function standing(clock: AuctionClock, snapshot: AuctionSnapshot, viewerIsSeller: boolean): string | null {
  if (clock.phase === "cancelled") return "This auction has been cancelled.";
  if (clock.phase === "ended") return "Auction ended";
  if (clock.phase === "upcoming" || clock.phase === "starting") return "Bidding opens when the auction starts.";
  if (viewerIsSeller) return BID_MESSAGES.ownAuction;
  if (snapshot.viewerLeads) return BID_MESSAGES.alreadyLeading;
  return null;
}

export function BidPanel({ snapshot, serverNow, signedIn, viewerIsSeller, flash, onSnapshot, headingLevel = "h2" }: BidPanelProps) {
  const fetcher = useFetcher<BidActionData>();
  const location = useLocation();
  const hydrated = useHydrated();
  const clock = useAuctionClock(snapshot, serverNow);
  const ids = useId();
  const headingId = `${ids}-heading`;
  const noticeId = `${ids}-notice`;

  const refused = flash && !flash.ok ? flash : null;
  const [amountText, setAmountText] = useState<string | null>(refused?.amount ?? null);
  const [maxText, setMaxText] = useState(refused?.maxAmount ?? "");
  const [raiseText, setRaiseText] = useState("");
  const [clientError, setClientError] = useState<Notice | null>(null);

  const suggestions = suggestedBids(snapshot);
  const minimum = minimumNextBid(snapshot);
  const amountValue = amountText ?? centsToInput(suggestions[0]);
  const reason = standing(clock, snapshot, viewerIsSeller);
  const canBid = signedIn && reason === null;
  const submitting = fetcher.state !== "idle";
  const returnTo = `${location.pathname}${location.search}`;
  const action = `/auctions/${snapshot.auctionId}/bid`;

  // The answer to the viewer's own bid: show the new state at once and start the next bid from the suggestions.
  const handled = useRef<BidActionData | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || answer === handled.current) return;
    handled.current = answer;
    if (answer.ok) {
      onSnapshot?.(answer.snapshot);
      setAmountText(null);
      setMaxText("");
      setRaiseText("");
    }
  }, [fetcher.state, fetcher.data, onSnapshot]);

  let notice: Notice | null = clientError;
  if (!notice && !submitting && fetcher.data) {
    notice = fetcher.data.ok ? { ok: true, message: fetcher.data.message } : { ok: false, message: fetcher.data.error, field: fetcher.data.field };
  }
  if (!notice && !submitting && !fetcher.data && flash) notice = { ok: flash.ok, message: flash.message };

  function onAmountChange(event: ChangeEvent<HTMLInputElement>) {
    const cleaned = cleanAmount(event.target.value);
    if (cleaned !== null) setAmountText(cleaned);
    setClientError(null);
  }

  function onMaxChange(event: ChangeEvent<HTMLInputElement>, set: (text: string) => void) {
    const cleaned = cleanAmount(event.target.value);
    if (cleaned !== null) set(cleaned);
    setClientError(null);
  }

  /** Bids and Buy Now need a connection: refused at once offline (without JavaScript the browser says so itself). */
  function refuseOffline(event: { preventDefault(): void }): boolean {
    if (!isOffline()) return false;
    event.preventDefault();
    setClientError({ ok: false, message: OFFLINE_MESSAGES.needsConnection });
    return true;
  }

  /** The spec's client messages, before anything is sent. */
  function checkBid(event: FormEvent<HTMLFormElement>) {
    if (refuseOffline(event)) return;
    const amount = parseBidAmount(amountValue);
    let problem: Notice | null = null;
    if (amount === null) problem = { ok: false, message: BID_MESSAGES.invalidAmount, field: "amount" };
    else if (amount < minimum) problem = { ok: false, message: BID_MESSAGES.mustBeAtLeastClient(minimum, snapshot.currency), field: "amount" };
    else if (maxText.trim() !== "") {
      const max = parseBidAmount(maxText);
      if (max === null) problem = { ok: false, message: BID_FORM_MESSAGES.invalidMaximum, field: "maxAmount" };
      else if (max < amount) problem = { ok: false, message: BID_MESSAGES.maximumBelowBid, field: "maxAmount" };
    }
    setClientError(problem);
    if (problem) event.preventDefault();
  }

  function checkRaise(event: FormEvent<HTMLFormElement>) {
    if (refuseOffline(event)) return;
    const problem: Notice | null =
      parseBidAmount(raiseText) === null ? { ok: false, message: BID_FORM_MESSAGES.invalidMaximum, field: "maxAmount" } : null;
    setClientError(problem);
    if (problem) event.preventDefault();
  }

  const amountError = notice && !notice.ok && notice.field === "amount";
  const maxError = notice && !notice.ok && notice.field === "maxAmount";
  const symbol = symbolOf(snapshot.currency);
  const hidden = (
    <>
      <input type="hidden" name="returnTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
    </>
  );

  return (
    <Stack as="section" gap="4" aria-labelledby={headingId} data-testid="bid-panel">
      <Heading as={headingLevel} size="md" id={headingId}>
        Place a bid
      </Heading>

      {/* Who leads, the end, why the form is closed: announced as it changes. */}
      <Box aria-live="polite" aria-atomic="true">
        {reason ? (
          <Text fontWeight="semibold" color={snapshot.viewerLeads && clock.open ? "green.fg" : undefined} data-testid="bid-standing">
            {reason}
          </Text>
        ) : null}
        {clock.phase === "ended" && snapshot.viewerWon ? (
          <Stack gap="2" mt="2">
            <Text>Congratulations, you won this auction!</Text>
            <Button asChild colorPalette="green" bg="green.700" _hover={{ bg: "green.800" }} w="fit-content">
              <RemixLink to={`/checkout/auction/${snapshot.auctionId}`}>Pay for your item</RemixLink>
            </Button>
          </Stack>
        ) : null}
      </Box>

      {signedIn ? (
        <fetcher.Form method="post" action={action} onSubmit={checkBid} noValidate aria-labelledby={headingId}>
          {hidden}
          <input type="hidden" name="intent" value="bid" />
          <Stack gap="4">
            <SuggestedBids
              suggestions={suggestions}
              currency={snapshot.currency}
              interactive={hydrated && canBid}
              selected={parseBidAmount(amountValue)}
              onPick={(cents) => {
                setAmountText(centsToInput(cents));
                setClientError(null);
              }}
            />
            <Field.Root invalid={Boolean(amountError)} disabled={!canBid}>
              <Field.Label>Your bid ({symbol})</Field.Label>
              <Input
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                value={amountValue}
                onChange={onAmountChange}
                aria-describedby={amountError ? noticeId : undefined}
                data-testid="bid-amount"
              />
              <Field.HelperText>Enter {formatBidMoney(minimum, snapshot.currency)} or more.</Field.HelperText>
            </Field.Root>
            {snapshot.viewerLeads ? null : (
              <Field.Root invalid={Boolean(maxError)} disabled={!canBid}>
                <Field.Label>Maximum bid (optional)</Field.Label>
                <Input
                  name="maxAmount"
                  inputMode="decimal"
                  autoComplete="off"
                  value={maxText}
                  onChange={(event) => onMaxChange(event, setMaxText)}
                  aria-describedby={maxError ? noticeId : undefined}
                />
                <Field.HelperText>We bid for you, one increment at a time, up to this amount — only as much as it takes to keep you in the lead.</Field.HelperText>
              </Field.Root>
            )}
            <Button type="submit" colorPalette="blue" size="lg" disabled={!canBid} loading={submitting} loadingText="Placing bid…">
              Place Bid
            </Button>
          </Stack>
        </fetcher.Form>
      ) : (
        <Stack gap="2">
          <Text>
            Suggested bids: {suggestions.map((cents) => formatBidMoney(cents, snapshot.currency)).join(", ")}
          </Text>
          <Button asChild colorPalette="blue" size="lg" w="fit-content">
            <RemixLink to={loginUrl(returnTo)}>Sign in to bid</RemixLink>
          </Button>
        </Stack>
      )}

      {signedIn && snapshot.viewerLeads && clock.open ? (
        <fetcher.Form method="post" action={action} onSubmit={checkRaise} noValidate aria-label="Raise your maximum bid">
          {hidden}
          <input type="hidden" name="intent" value="raise-maximum" />
          <input type="hidden" name="amount" value={centsToInput(minimum)} />
          <Stack gap="3">
            <Field.Root invalid={Boolean(maxError)}>
              <Field.Label>Raise your maximum bid ({symbol})</Field.Label>
              <Input
                name="maxAmount"
                inputMode="decimal"
                autoComplete="off"
                value={raiseText}
                onChange={(event) => onMaxChange(event, setRaiseText)}
                aria-describedby={maxError ? noticeId : undefined}
              />
              <Field.HelperText>You lead. A higher maximum lets us answer other bidders for you, up to this amount.</Field.HelperText>
            </Field.Root>
            <Button type="submit" variant="outline" colorPalette="blue" w="fit-content" loading={submitting}>
              Raise maximum
            </Button>
          </Stack>
        </fetcher.Form>
      ) : null}

      {/* The answer to the viewer's bid. */}
      <Box aria-live="polite" aria-atomic="true" id={noticeId}>
        {notice ? (
          <Alert.Root status={notice.ok ? "success" : "error"} data-testid={notice.ok ? "bid-success" : "bid-error"}>
            <Alert.Indicator />
            <Alert.Title>{notice.message}</Alert.Title>
          </Alert.Root>
        ) : null}
      </Box>

      {snapshot.buyNowPriceCents !== null && !viewerIsSeller && (clock.phase === "open" || clock.phase === "upcoming") ? (
        <Stack gap="2" borderTopWidth="1px" pt="4">
          <Text fontSize="sm" color="fg.muted">
            Or skip the bidding and buy it now: the auction ends at once and the item is yours.
          </Text>
          <Button asChild colorPalette="green" bg="green.700" _hover={{ bg: "green.800" }} w="fit-content">
            <RemixLink to={`/checkout/listing/${snapshot.listingId}`} onClick={refuseOffline}>
              Buy Now for {formatBidMoney(snapshot.buyNowPriceCents, snapshot.currency)}
            </RemixLink>
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

function SuggestedBids({
  suggestions,
  currency,
  interactive,
  selected,
  onPick,
}: {
  suggestions: number[];
  currency: string;
  interactive: boolean;
  selected: number | null;
  onPick: (cents: number) => void;
}) {
  const labelId = useId();
  if (!interactive) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Suggested bids: {suggestions.map((cents) => formatBidMoney(cents, currency)).join(", ")}
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted" id={labelId}>
        Suggested bids
      </Text>
      <HStack gap="2" wrap="wrap" role="group" aria-labelledby={labelId}>
        {suggestions.map((cents) => (
          <Button
            key={cents}
            type="button"
            size="sm"
            variant={selected === cents ? "solid" : "outline"}
            colorPalette="blue"
            aria-pressed={selected === cents}
            onClick={() => onPick(cents)}
          >
            {formatBidMoney(cents, currency)}
          </Button>
        ))}
      </HStack>
    </Stack>
  );
}
