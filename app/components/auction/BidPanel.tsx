// The bid panel (docs/product/auctions.md#bidding Bids, docs/product/auctions.md#messages): suggested bids, the amount (digits with up to 2 decimals), an optional
// maximum for proxy bidding, the spec's messages, and Buy Now on hybrids. A plain POST form that works without
// JavaScript (the server redirects back with the outcome); with JavaScript a fetcher posts it, the amount is
// checked first, and the answer shows here without leaving the page.
import { Link as RemixLink, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import type { AuctionSnapshot } from "~/lib/auctions.ts";
import { BID_MESSAGES, formatBidMoney, minimumNextBid, parseBidAmount, parseBidAmountIn, readBidAmountIn, suggestedBids } from "~/lib/bidding.ts";
import { centsToInput, CURRENCY_SYMBOLS, isCurrency } from "~/lib/money.ts";
import { OFFLINE_MESSAGES } from "~/lib/offline/messages.ts";
import { isOffline } from "~/lib/offline/online.ts";
import { BID_FORM_MESSAGES, type BidActionData, type BidField, type BidFlash } from "~/lib/bid-form.ts";
import { lot } from "./auction-styles.ts";
import { formatAuctionTime, useAuctionClock, type AuctionClock } from "./Countdown.tsx";
import { loginUrl } from "~/lib/http.ts";
import { EmailConfirmationNotice, useNeedsEmailConfirmation } from "../EmailConfirmationBanner.tsx";
import { useHydrated } from "../use-hydrated.ts";

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

/**
 * Digits and a decimal point while typing (thousands separators and spaces are dropped). A third decimal is kept, so
 * the check can say "Use at most two decimals" instead of silently reading a different amount.
 */
function cleanAmount(text: string): string | null {
  const cleaned = text.replace(/[,\s]/g, "");
  return /^\d{0,9}(\.\d{0,4})?$/.test(cleaned) ? cleaned : null;
}

function symbolOf(currency: string): string {
  return isCurrency(currency) ? CURRENCY_SYMBOLS[currency] : currency;
}

/** Why the viewer cannot bid now, or null when they can. */
function standing(clock: AuctionClock, snapshot: AuctionSnapshot, viewerIsSeller: boolean): string | null {
  if (!clock.open) return "Bidding is closed.";
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
  const amountValue = amountText ?? centsToInput(suggestions[0], snapshot.currency);
  const reason = standing(clock, snapshot, viewerIsSeller);
  // An account that has not confirmed its e-mail address sees why instead of a form that would be refused.
  const needsConfirmation = useNeedsEmailConfirmation();
  const canBid = signedIn && reason === null && !needsConfirmation;
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
    const reading = readBidAmountIn(amountValue, snapshot.currency);
    const amount = reading.ok ? reading.cents : null;
    let problem: Notice | null = null;
    if (!reading.ok) problem = { ok: false, message: reading.message, field: "amount" };
    else if (amount === null) problem = { ok: false, message: BID_MESSAGES.invalidAmount, field: "amount" };
    else if (amount < minimum) problem = { ok: false, message: BID_MESSAGES.mustBeAtLeastClient(minimum, snapshot.currency), field: "amount" };
    else if (maxText.trim() !== "") {
      const max = parseBidAmountIn(maxText, snapshot.currency);
      if (max === null) problem = { ok: false, message: BID_FORM_MESSAGES.invalidMaximum, field: "maxAmount" };
      else if (max < amount) problem = { ok: false, message: BID_MESSAGES.maximumBelowBid, field: "maxAmount" };
    }
    setClientError(problem);
    if (problem) event.preventDefault();
  }

  function checkRaise(event: FormEvent<HTMLFormElement>) {
    if (refuseOffline(event)) return;
    const problem: Notice | null = parseBidAmount(raiseText) === null ? { ok: false, message: BID_FORM_MESSAGES.invalidMaximum, field: "maxAmount" } : null;
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

  const HeadingTag = headingLevel;
  // An ended, cancelled or upcoming lot shows what happened (or when it opens), not a disabled form.
  if (clock.phase !== "open") {
    return (
      <section className={lot.stack4} aria-labelledby={headingId} data-testid="bid-panel">
        <HeadingTag className={lot.bidHeading} id={headingId}>
          {clock.phase === "upcoming" || clock.phase === "starting" ? "Bidding opens soon" : "Auction result"}
        </HeadingTag>
        <div aria-live="polite" aria-atomic="true">
          <ClosedLot snapshot={snapshot} clock={clock} />
          {clock.phase === "ended" && snapshot.viewerWon ? (
            <div className={lot.won}>
              <p>Congratulations, you won this auction!</p>
              <RemixLink to={`/checkout/auction/${snapshot.auctionId}`} className={lot.greenButton}>
                Pay for your item
              </RemixLink>
            </div>
          ) : null}
        </div>
        {snapshot.buyNowPriceCents !== null && !viewerIsSeller && clock.phase === "upcoming" ? (
          <div className={lot.buyNow}>
            <p className={lot.mutedText}>Or buy it now, before the bidding opens: the auction ends at once and the item is yours.</p>
            <RemixLink to={`/checkout/listing/${snapshot.listingId}`} onClick={refuseOffline} className={lot.greenButton}>
              Buy Now for {formatBidMoney(snapshot.buyNowPriceCents, snapshot.currency)}
            </RemixLink>
          </div>
        ) : null}
      </section>
    );
  }
  return (
    <section className={lot.stack4} aria-labelledby={headingId} data-testid="bid-panel">
      <HeadingTag className={lot.bidHeading} id={headingId}>
        Place a bid
      </HeadingTag>

      {/* Who leads, the end, why the form is closed: announced as it changes. */}
      <div aria-live="polite" aria-atomic="true">
        {reason ? (
          <p className={snapshot.viewerLeads && clock.open ? lot.standingLeading : lot.standing} data-testid="bid-standing">
            {reason}
          </p>
        ) : null}
      </div>

      {signedIn ? <EmailConfirmationNotice /> : null}
      {signedIn ? (
        <fetcher.Form method="post" action={action} onSubmit={checkBid} noValidate aria-labelledby={headingId}>
          {hidden}
          <input type="hidden" name="intent" value="bid" />
          <div className={lot.stack4}>
            <SuggestedBids
              suggestions={suggestions}
              currency={snapshot.currency}
              interactive={hydrated && canBid}
              selected={parseBidAmountIn(amountValue, snapshot.currency)}
              onPick={(cents) => {
                setAmountText(centsToInput(cents, snapshot.currency));
                setClientError(null);
              }}
            />
            <BidField
              id={`${ids}-amount`}
              label={`Your bid (${symbol})`}
              helper={`Enter ${formatBidMoney(minimum, snapshot.currency)} or more.`}
              invalid={Boolean(amountError)}
              disabled={!canBid}
              noticeId={noticeId}
              name="amount"
              value={amountValue}
              onChange={onAmountChange}
              data-testid="bid-amount"
            />
            {snapshot.viewerLeads ? null : (
              <BidField
                id={`${ids}-max`}
                label="Maximum bid (optional)"
                helper="We bid for you, one increment at a time, up to this amount — only as much as it takes to keep you in the lead."
                invalid={Boolean(maxError)}
                disabled={!canBid}
                noticeId={noticeId}
                name="maxAmount"
                value={maxText}
                onChange={(event) => onMaxChange(event, setMaxText)}
              />
            )}
            <SubmitButton className={lot.placeBid} disabled={!canBid} busy={submitting} busyText="Placing bid…">
              Place Bid
            </SubmitButton>
          </div>
        </fetcher.Form>
      ) : (
        <div className={lot.stack2}>
          <p>Suggested bids: {suggestions.map((cents) => formatBidMoney(cents, snapshot.currency)).join(", ")}</p>
          <RemixLink to={loginUrl(returnTo)} className={lot.signIn}>
            Sign in to bid
          </RemixLink>
        </div>
      )}

      {signedIn && snapshot.viewerLeads && clock.open ? (
        <fetcher.Form method="post" action={action} onSubmit={checkRaise} noValidate aria-label="Raise your maximum bid">
          {hidden}
          <input type="hidden" name="intent" value="raise-maximum" />
          <input type="hidden" name="amount" value={centsToInput(minimum, snapshot.currency)} />
          <div className={lot.stack3}>
            <BidField
              id={`${ids}-raise`}
              label={`Raise your maximum bid (${symbol})`}
              helper="You lead. A higher maximum lets us answer other bidders for you, up to this amount."
              invalid={Boolean(maxError)}
              disabled={false}
              noticeId={noticeId}
              name="maxAmount"
              value={raiseText}
              onChange={(event) => onMaxChange(event, setRaiseText)}
            />
            <SubmitButton className={lot.raise} disabled={false} busy={submitting}>
              Raise maximum
            </SubmitButton>
          </div>
        </fetcher.Form>
      ) : null}

      {/* The answer to the viewer's bid. */}
      <div aria-live="polite" aria-atomic="true" id={noticeId}>
        {notice ? (
          <div className={notice.ok ? lot.alertSuccess : lot.alertError} data-testid={notice.ok ? "bid-success" : "bid-error"}>
            <span className={lot.alertIndicator}>{notice.ok ? <SuccessIcon /> : <ErrorIcon />}</span>
            <div className={lot.alertTitle}>{notice.message}</div>
          </div>
        ) : null}
      </div>

      {snapshot.buyNowPriceCents !== null && !viewerIsSeller && (clock.phase === "open" || clock.phase === "upcoming") ? (
        <div className={lot.buyNow}>
          <p className={lot.mutedText}>Or skip the bidding and buy it now: the auction ends at once and the item is yours.</p>
          <RemixLink to={`/checkout/listing/${snapshot.listingId}`} onClick={refuseOffline} className={lot.greenButton}>
            Buy Now for {formatBidMoney(snapshot.buyNowPriceCents, snapshot.currency)}
          </RemixLink>
        </div>
      ) : null}
    </section>
  );
}

/** What a closed lot says instead of a form: "Sold for …", "Not sold" (and why), or "Starts …". */
function ClosedLot({ snapshot, clock }: { snapshot: AuctionSnapshot; clock: AuctionClock }) {
  const money = (cents: number) => formatBidMoney(cents, snapshot.currency);
  let headline: string;
  let detail: string | null = null;
  if (clock.phase === "upcoming" || clock.phase === "starting") {
    headline = `Starts ${formatAuctionTime(snapshot.startsAt)}`;
    detail = `Starting bid ${money(snapshot.startingPriceCents)}. Bidding opens when the auction starts.`;
  } else if (snapshot.status === "cancelled") {
    headline = "Not sold";
    detail = "This auction has been cancelled.";
  } else if (snapshot.status !== "ended") {
    // The clock has run out; the result follows as soon as the server has settled the lot.
    headline = "Auction ended";
  } else if (snapshot.sold) {
    headline = `Sold for ${money(snapshot.currentPriceCents)}`;
  } else {
    headline = "Not sold";
    detail =
      snapshot.bidCount === 0 ? "The auction ended without bids." : `The highest bid, ${money(snapshot.currentPriceCents)}, did not reach the reserve price.`;
  }
  return (
    <div className={lot.stack2}>
      <p className={lot.bidHeading} data-testid="lot-outcome">
        {headline}
      </p>
      {detail ? <p className={lot.mutedText}>{detail}</p> : null}
    </div>
  );
}

/**
 * A labelled amount field, as Chakra's Field drew it: the label names the input, the helper text describes it, and
 * while the panel's notice is about this field the input is marked invalid and described by the notice instead.
 */
function BidField({
  id,
  label,
  helper,
  invalid,
  disabled,
  noticeId,
  ...input
}: {
  id: string;
  label: string;
  helper: ReactNode;
  invalid: boolean;
  disabled: boolean;
  noticeId: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "name" | "value" | "onChange"> & { "data-testid"?: string }) {
  const helperId = `${id}-helper`;
  const state = { "data-invalid": invalid ? "" : undefined, "data-disabled": disabled ? "" : undefined };
  return (
    <div className={lot.field} role="group" {...state}>
      <label className={lot.fieldLabel} htmlFor={id} {...state}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={lot.input}
        inputMode="decimal"
        autoComplete="off"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? noticeId : helperId}
        {...state}
      />
      <span id={helperId} className={lot.fieldHelper}>
        {helper}
      </span>
    </div>
  );
}

/** A submit button; while the bid is sent it is disabled and shows a spinner (and `busyText` when given). */
function SubmitButton({
  className,
  disabled,
  busy,
  busyText,
  children,
}: {
  className: string;
  disabled: boolean;
  busy: boolean;
  busyText?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={disabled || busy} data-loading={busy ? "" : undefined}>
      {busy ? <span className={lot.spinner} aria-hidden="true" /> : null}
      {busy && busyText ? busyText : children}
    </button>
  );
}

// Chakra's alert icons (Alert.Indicator), drawn inline.
const CIRCLE =
  "M12 22C6.47715 22 2 17.5228 2 12C2 6.47715 6.47715 2 12 2C17.5228 2 22 6.47715 22 12C22 17.5228 17.5228 22 12 22ZM12 20C16.4183 20 20 16.4183 20 12C20 7.58172 16.4183 4 12 4C7.58172 4 4 7.58172 4 12C4 16.4183 7.58172 20 12 20Z";

function AlertIcon({ mark }: { mark: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" stroke="currentColor" strokeWidth="0" aria-hidden="true" focusable="false">
      <path d={`${CIRCLE}${mark}`} />
    </svg>
  );
}

const SuccessIcon = () => <AlertIcon mark="M11.0026 16L6.75999 11.7574L8.17421 10.3431L11.0026 13.1716L16.6595 7.51472L18.0737 8.92893L11.0026 16Z" />;
const ErrorIcon = () => <AlertIcon mark="M11 15H13V17H11V15ZM11 7H13V13H11V7Z" />;

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
    return <p className={lot.mutedText}>Suggested bids: {suggestions.map((cents) => formatBidMoney(cents, currency)).join(", ")}</p>;
  }
  return (
    <div className={lot.stack2}>
      <p className={lot.mutedText} id={labelId}>
        Suggested bids
      </p>
      <div className={lot.suggestions} role="group" aria-labelledby={labelId}>
        {suggestions.map((cents) => (
          <button
            key={cents}
            type="button"
            className={selected === cents ? lot.suggestionPicked : lot.suggestion}
            aria-pressed={selected === cents}
            onClick={() => onPick(cents)}
          >
            {formatBidMoney(cents, currency)}
          </button>
        ))}
      </div>
    </div>
  );
}
