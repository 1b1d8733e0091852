// The lot's clock on the server's time, refreshed every second (docs/product/auctions.md#limits): "2d 5h 12m", "5h 12m 30s" or
// "12m 30s" while it runs, "Starts in …" before it opens, "Auction ended" at the end.
import { formatCountdown, type AuctionSnapshot } from "~/lib/auctions.ts";
import { useServerNow } from "~/components/live/use-live-auctions.ts";
import { classNames } from "~/components/shell-styles.ts";
import { lot } from "./auction-styles.ts";

export type AuctionPhase = "upcoming" | "starting" | "open" | "ended" | "cancelled";

export interface AuctionClock {
  phase: AuctionPhase;
  /** What the clock counts to. */
  label: string;
  text: string;
  /** Bids are taken now. */
  open: boolean;
}

const AUCTION_ENDED = "Auction ended";

type ClockState = Pick<AuctionSnapshot, "status" | "startsAt" | "endsAt">;

/** What the clock shows for `snapshot` at `nowMs` (server time). */
export function auctionClock(snapshot: ClockState, nowMs: number): AuctionClock {
  if (snapshot.status === "cancelled") return { phase: "cancelled", label: "Status", text: "Auction cancelled", open: false };
  if (snapshot.status === "ended") return { phase: "ended", label: "Time left", text: AUCTION_ENDED, open: false };
  if (snapshot.status === "upcoming") {
    const untilStart = Date.parse(snapshot.startsAt) - nowMs;
    if (untilStart > 0) return { phase: "upcoming", label: "Starts in", text: formatCountdown(untilStart), open: false };
    return { phase: "starting", label: "Starts in", text: "Starting now…", open: false };
  }
  const left = Date.parse(snapshot.endsAt) - nowMs;
  if (left <= 0) return { phase: "ended", label: "Time left", text: AUCTION_ENDED, open: false };
  return { phase: "open", label: "Time left", text: formatCountdown(left), open: true };
}

/** The auction's clock for the viewer: ticks every second from the server's time. */
export function useAuctionClock(snapshot: ClockState, serverNow: string): AuctionClock {
  return auctionClock(snapshot, useServerNow(serverNow));
}

const ENDS_AT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});

/** "Nov 28, 2026, 14:05 UTC": the same text on the server and in every browser. */
export function formatAuctionTime(iso: string): string {
  return `${ENDS_AT.format(new Date(iso))} UTC`;
}

export function Countdown({ snapshot, serverNow, size = "lg" }: { snapshot: ClockState; serverNow: string; size?: "md" | "lg" }) {
  const now = useServerNow(serverNow);
  const clock = auctionClock(snapshot, now);
  // The last hour reads in red.
  const closing = clock.phase === "open" && Date.parse(snapshot.endsAt) - now < 60 * 60 * 1000;
  return (
    <div className={lot.clock}>
      <p className={lot.mutedText}>{clock.label}</p>
      {/* role=timer is not announced on every tick; the bid panel announces the end. */}
      <p
        role="timer"
        aria-atomic="true"
        className={classNames(lot.clockValue, size === "lg" ? lot.clockLarge : lot.clockMedium, closing ? lot.clockClosing : lot.clockCalm)}
        data-testid="auction-countdown"
      >
        {clock.text}
      </p>
      {clock.phase === "open" || clock.phase === "ended" ? (
        <p className={lot.mutedText}>
          {clock.phase === "ended" ? "Ended" : "Ends"} {formatAuctionTime(snapshot.endsAt)}
        </p>
      ) : clock.phase === "upcoming" || clock.phase === "starting" ? (
        <p className={lot.mutedText}>Opens {formatAuctionTime(snapshot.startsAt)}</p>
      ) : null}
    </div>
  );
}
