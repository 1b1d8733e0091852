// When the offline page tries the connection again, and when it knows the outbox reached the server.
import { describe, expect, it } from "vitest";
import { REPLAY_MESSAGES } from "~/lib/offline/outbox.ts";
import { AUTO_RELOAD_MEMORY_MS, onlineRetryDelayMs, outboxReachedServer, readAutoReloads, reconnectDelayMs } from "~/offline/reconnect.ts";
import { pending } from "./offline-page-fixtures.ts";

describe("retrying after the online event", () => {
  it("waits 1 s, 2 s, 4 s… and never more than 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelayMs(-1)).toBe(1000);
  });

  it("counts the outbox as delivered unless the first change still lacks a connection", () => {
    expect(outboxReachedServer([])).toBe(true);
    expect(outboxReachedServer([pending({ lastError: REPLAY_MESSAGES.noConnection })])).toBe(false);
    expect(outboxReachedServer([pending({ lastError: REPLAY_MESSAGES.serverError, attempts: 1 })])).toBe(true);
    expect(outboxReachedServer([pending({ lastError: REPLAY_MESSAGES.signedOut })])).toBe(true);
  });
});

describe("retrying when served while online", () => {
  it("waits longer each time the tab lands on the offline page again, at most 5 minutes", () => {
    expect([0, 1, 2, 3, 6, 7, 30].map(onlineRetryDelayMs)).toEqual([5000, 10_000, 20_000, 40_000, 300_000, 300_000, 300_000]);
  });

  it("remembers recent automatic reloads only", () => {
    const now = 1_800_000_000_000;
    expect(readAutoReloads(JSON.stringify({ count: 3, at: now - 1000 }), now)).toEqual({ count: 3, at: now - 1000 });
    expect(readAutoReloads(JSON.stringify({ count: 3, at: now - AUTO_RELOAD_MEMORY_MS }), now)).toEqual({ count: 0, at: now });
    expect(readAutoReloads(null, now)).toEqual({ count: 0, at: now });
    expect(readAutoReloads("{not json", now)).toEqual({ count: 0, at: now });
    expect(readAutoReloads(JSON.stringify({ count: -2, at: now }), now)).toEqual({ count: 0, at: now });
    expect(readAutoReloads(JSON.stringify({ count: "2", at: now }), now)).toEqual({ count: 0, at: now });
  });
});
