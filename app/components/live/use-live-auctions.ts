// Live auction updates in the browser: one EventSource on /events for the auctions a page shows; while it cannot
// connect (or the browser has no EventSource) the page's data is reloaded every 30 seconds instead.
import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "@remix-run/react";
import type { AuctionSnapshot, BidHistoryEntry } from "~/lib/auctions.ts";

export const POLL_INTERVAL_MS = 30_000;

export interface LiveAuctionChange {
  reason: "bid" | "started" | "ended" | "cancelled" | "bought" | "rescheduled";
  snapshot: AuctionSnapshot;
  newBids: BidHistoryEntry[];
}

export interface LiveNotification {
  type: string;
  title: string;
  message: string;
  actionUrl: string | null;
}

/** A new message in one of the member's conversations (sent by them or to them), event `message`. */
export interface LiveMessage {
  conversationId: number;
  message: { id: number; conversationId: number; senderId: string; body: string; createdAt: string; readAt: string | null };
}

export type LiveMode = "connecting" | "live" | "polling";

export interface LiveAuctionOptions {
  /** The auctions to follow, or "all" for every auction (the /auctions list). Empty: only notifications. */
  auctionIds: readonly number[] | "all";
  onAuction?: (change: LiveAuctionChange) => void;
  onNotification?: (notification: LiveNotification) => void;
  onMessage?: (message: LiveMessage) => void;
  /** Off: no connection (e.g. nothing on the page can change). */
  enabled?: boolean;
}

function liveEventsUrl(auctionIds: readonly number[] | "all"): string {
  if (auctionIds === "all") return "/events?auctions=all";
  const params = new URLSearchParams();
  for (const id of [...auctionIds].sort((a, b) => a - b)) params.append("auction", String(id));
  return `/events?${params}`;
}

interface Subscriber {
  auctionIds: readonly number[] | "all";
  handlers: { current: Pick<LiveAuctionOptions, "onAuction" | "onNotification" | "onMessage"> & { revalidate: () => void } };
  setMode: (mode: LiveMode) => void;
}

/**
 * One EventSource per tab, whatever number of components follow auctions (the header, a lot page, a list):
 * browsers allow only a few open connections per site, so every subscriber shares one whose URL covers them all.
 */
const connection = {
  subscribers: new Set<Subscriber>(),
  source: null as EventSource | null,
  url: "",
  mode: "connecting" as LiveMode,
  poll: undefined as ReturnType<typeof setInterval> | undefined,
  scheduled: false,
};

function setSharedMode(mode: LiveMode) {
  connection.mode = mode;
  for (const subscriber of connection.subscribers) subscriber.setMode(mode);
}

function startPolling() {
  setSharedMode("polling");
  connection.poll ??= setInterval(() => {
    // One page reload of data refreshes every subscriber.
    const first = connection.subscribers.values().next().value;
    first?.handlers.current.revalidate();
  }, POLL_INTERVAL_MS);
}

function stopPolling() {
  if (connection.poll) clearInterval(connection.poll);
  connection.poll = undefined;
}

function reconnect() {
  connection.scheduled = false;
  const wantsAll = [...connection.subscribers].some((s) => s.auctionIds === "all");
  const ids = new Set<number>();
  for (const subscriber of connection.subscribers) {
    if (subscriber.auctionIds !== "all") for (const id of subscriber.auctionIds) ids.add(id);
  }
  const url = connection.subscribers.size === 0 ? "" : liveEventsUrl(wantsAll ? "all" : [...ids]);
  if (url === connection.url) return;
  connection.source?.close();
  connection.source = null;
  connection.url = url;
  stopPolling();
  if (!url) return;
  if (typeof EventSource === "undefined") {
    startPolling();
    return;
  }
  const source = new EventSource(url);
  connection.source = source;
  setSharedMode("connecting");
  source.addEventListener("ready", () => {
    stopPolling();
    setSharedMode("live");
  });
  source.addEventListener("auction", (event) => {
    const change = JSON.parse((event as MessageEvent<string>).data) as LiveAuctionChange;
    for (const subscriber of connection.subscribers) {
      const follows = subscriber.auctionIds === "all" || subscriber.auctionIds.includes(change.snapshot.auctionId);
      if (follows) subscriber.handlers.current.onAuction?.(change);
    }
  });
  source.addEventListener("notification", (event) => {
    const notification = JSON.parse((event as MessageEvent<string>).data) as LiveNotification;
    for (const subscriber of connection.subscribers) subscriber.handlers.current.onNotification?.(notification);
  });
  source.addEventListener("message", (event) => {
    const message = JSON.parse((event as MessageEvent<string>).data) as LiveMessage;
    for (const subscriber of connection.subscribers) subscriber.handlers.current.onMessage?.(message);
  });
  // The browser reconnects by itself; poll meanwhile so the page never goes stale.
  source.addEventListener("error", startPolling);
}

function scheduleReconnect() {
  if (connection.scheduled) return;
  connection.scheduled = true;
  queueMicrotask(reconnect);
}

export function useLiveAuctions({ auctionIds, onAuction, onNotification, onMessage, enabled = true }: LiveAuctionOptions): LiveMode {
  const [mode, setMode] = useState<LiveMode>("connecting");
  const revalidator = useRevalidator();
  const handlers = useRef({ onAuction, onNotification, onMessage, revalidate: revalidator.revalidate });
  handlers.current = { onAuction, onNotification, onMessage, revalidate: revalidator.revalidate };
  const key = auctionIds === "all" ? "all" : [...auctionIds].sort((a, b) => a - b).join(",");

  useEffect(() => {
    if (!enabled) return;
    const ids = key === "all" ? "all" : key === "" ? [] : key.split(",").map(Number);
    const subscriber: Subscriber = { auctionIds: ids, handlers, setMode };
    connection.subscribers.add(subscriber);
    setMode(connection.mode);
    scheduleReconnect();
    return () => {
      connection.subscribers.delete(subscriber);
      scheduleReconnect();
    };
  }, [key, enabled]);

  return mode;
}

/**
 * The current time on the server's clock, ticking every `intervalMs`: countdowns use the server's time (read at
 * load as `serverNow`) so a wrong clock on the phone cannot show a lot as open or closed when it is not.
 */
export function useServerNow(serverNow: string, intervalMs = 1000): number {
  const loadedAt = useRef<{ server: number; client: number } | null>(null);
  const server = Date.parse(serverNow);
  if (loadedAt.current === null || loadedAt.current.server !== server) {
    loadedAt.current = { server, client: typeof performance === "undefined" ? 0 : performance.now() };
  }
  const [now, setNow] = useState(server);
  useEffect(() => {
    const tick = () => {
      const base = loadedAt.current!;
      setNow(base.server + (performance.now() - base.client));
    };
    tick();
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [server, intervalMs]);
  return now;
}
