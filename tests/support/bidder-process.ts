// One bidding process for tests/integration/bidding-concurrency.test.ts: opens the database (a SQLite file or a
// postgres:// URL), says "ready" on stdout, waits for "go" on stdin so all processes start together, then places its
// bids through placeBid — one after another, or `inFlight` at a time (each of those bid loops with its own bidders,
// so a bidder's bids stay in order) — and prints one JSON line with what was accepted and what was refused.
//
// Usage: tsx tests/support/bidder-process.ts (configuration as JSON in the BIDDER_CONFIG environment variable)
import { DomainError } from "~/services/domain-error.ts";
import readline from "node:readline";
import { openDatabase } from "#db/dialect.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import type { AcceptedBid } from "./bidding-model.ts";

export interface BidderProcessConfig {
  databaseFile: string;
  seed: number;
  bidderIds: string[];
  auctionIds: number[];
  requests: number;
  /** Bids this process has under way at once (default 1); at most one loop per bidder. */
  inFlight?: number;
}

export interface BidderProcessReport {
  accepted: AcceptedBid[];
  rejected: Record<string, number>;
  /** Bids valid against the price the process had just read, refused because another process had moved it. */
  stale: number;
  /** Anything other than a rule's refusal: must stay empty. */
  errors: string[];
  ms: number;
}

/** A small seeded generator (mulberry32), so a failing run can be repeated. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.BIDDER_CONFIG ?? "") as BidderProcessConfig;
  const opened = openDatabase({ url: config.databaseFile, synchronous: "NORMAL", busyTimeoutMs: 60_000 });
  const { db } = opened;
  const next = random(config.seed);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)]!;
  const report: BidderProcessReport = { accepted: [], rejected: {}, stale: 0, errors: [], ms: 0 };

  const lines = readline.createInterface({ input: process.stdin });
  const go = new Promise<void>((resolve) => lines.on("line", (line) => line.trim() === "go" && resolve()));
  process.stdout.write("ready\n");
  await go;
  lines.close();

  const loops = Math.max(1, Math.min(config.inFlight ?? 1, config.bidderIds.length));
  let remaining = config.requests;
  const bidLoop = async (bidderIds: string[]): Promise<void> => {
    while (remaining > 0) {
      remaining -= 1;
      await bidOnce(bidderIds);
    }
  };
  const bidOnce = async (bidderIds: string[]): Promise<void> => {
    const auctionId = pick(config.auctionIds);
    const bidderId = pick(bidderIds);
    // What the bidder sees on the page; by the time the bid arrives other processes may have moved on.
    const seen = await db
      .selectFrom("auctions as a")
      .leftJoin("bids as b", "b.id", "a.leading_bid_id")
      .select(["a.current_price_cents", "a.bid_increment_cents", "a.bid_count", "b.user_id", "b.amount_cents", "b.max_amount_cents"])
      .where("a.id", "=", auctionId)
      .executeTakeFirstOrThrow();
    const inc = seen.bid_increment_cents;
    const minimum = seen.bid_count === 0 ? seen.current_price_cents : seen.current_price_cents + inc;
    const roll = next();
    let amountCents: number;
    let maxCents: number | null = null;
    if (seen.user_id === bidderId && roll < 0.6) {
      // The leader raises their maximum (or, sometimes, tries to outbid themself).
      const leaderMax = seen.max_amount_cents ?? seen.amount_cents ?? minimum;
      amountCents = minimum;
      maxCents = roll < 0.45 ? leaderMax + Math.floor(1 + next() * 10) * inc : null;
    } else if (roll < 0.45) {
      amountCents = minimum + Math.floor(next() * 3) * inc;
    } else if (roll < 0.75) {
      amountCents = minimum + Math.floor(next() * 2) * inc;
      maxCents = amountCents + Math.floor(next() * 20) * inc + (next() < 0.3 ? 1 : 0);
    } else if (roll < 0.85) {
      amountCents = minimum - 1;
    } else if (roll < 0.92) {
      amountCents = seen.current_price_cents;
    } else {
      amountCents = minimum;
      maxCents = minimum - 1;
    }
    try {
      const outcome = await placeBid(db, { auctionId, bidderId, amountCents, maxCents });
      report.accepted.push({
        auctionId,
        bidderId,
        amountCents,
        maxCents,
        result: outcome.result,
        bidCents: outcome.bidCents,
        bidCount: outcome.state.bidCount,
      });
    } catch (error) {
      if (error instanceof DomainError) {
        const key = error.message.replace(/[$€£][\d,.]+/, "{x}");
        report.rejected[key] = (report.rejected[key] ?? 0) + 1;
        if (key.startsWith("Bid must be") && amountCents >= minimum) report.stale += 1;
      } else {
        report.errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: loops }, (_, loop) => bidLoop(config.bidderIds.filter((_, i) => i % loops === loop))));
  report.ms = performance.now() - started;
  await opened.close();
  process.stdout.write(`${JSON.stringify(report)}\n`);
}

await main();
