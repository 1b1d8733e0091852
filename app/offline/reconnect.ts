// When the offline page tries the connection again. The browser's `online` event can come before requests get
// through (a network still coming up; the service worker's own network state follows the page's), so sending the
// outbox and reloading is retried with a growing pause until the server answers. Pure.
import type { PendingAction } from "~/lib/offline/outbox.ts";
import { REPLAY_MESSAGES } from "~/lib/offline/outbox.ts";

/** The pause before retry `round` (0-based) after the `online` event: 1 s, 2 s, 4 s… at most 30 s. */
export function reconnectDelayMs(round: number): number {
  return Math.min(1000 * 2 ** Math.max(0, round), 30_000);
}

/**
 * The offline page was served while the browser says it is online (the server was down or too slow): it tries
 * again by itself, waiting longer each time it lands here again in this tab: 5 s, 10 s, 20 s… at most 5 minutes.
 */
export function onlineRetryDelayMs(autoReloads: number): number {
  return Math.min(5000 * 2 ** Math.max(0, autoReloads), 300_000);
}

/** Auto reloads older than this no longer count towards the pause. */
export const AUTO_RELOAD_MEMORY_MS = 10 * 60_000;

export interface AutoReloadRecord {
  count: number;
  at: number;
}

/** Reads the tab's record of automatic reloads (sessionStorage text), forgetting it once old or unreadable. */
export function readAutoReloads(stored: string | null, now: number): AutoReloadRecord {
  try {
    const value = JSON.parse(stored ?? "null") as Partial<AutoReloadRecord> | null;
    if (value && Number.isInteger(value.count) && typeof value.at === "number" && now - value.at < AUTO_RELOAD_MEMORY_MS && value.count! >= 0) {
      return { count: value.count!, at: value.at };
    }
  } catch {
    // Not ours: start again.
  }
  return { count: 0, at: now };
}

/**
 * Whether the changes reached the server: nothing left, or what is left failed for another reason than a lost
 * connection (the server answered; the app's own sync retries those with backoff).
 */
export function outboxReachedServer(pending: PendingAction[]): boolean {
  return pending.length === 0 || pending[0]!.lastError !== REPLAY_MESSAGES.noConnection;
}
