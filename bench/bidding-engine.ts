// In-process side of the bidding benchmark (bench/bidding.mjs runs it with tsx):
//   check --db FILE --accepted FILE --auction ID   the invariants of tests/support/bidding-model.ts checkBidLedger on what
//                                                  the HTTP bidders were told; prints JSON, exits 1 on a problem.
//   rate --db FILE [--seconds 3]                    the raw placeBid rate on (a copy of) the database: sequential and with
//                                                  50 concurrent promises, at synchronous FULL and NORMAL, plus a refused
//                                                  bid (no commit) and the same statements as bare better-sqlite3 calls
//                                                  (one bid per commit, and ten per commit: what group commit would give).
//                                                  With --db postgres://…: placeBid sequential and with 50 concurrent
//                                                  promises, and the refused bid, on fresh lots in that database.
import { DomainError } from "~/services/domain-error.ts";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { isPostgresUrl, openDatabase, type OpenedDatabase, type SynchronousMode } from "#db/dialect.ts";
import { placeBid } from "~/services/auctions/bidding.server.ts";
import { checkBidLedger, loadBidLedger, type AcceptedBid } from "../tests/support/bidding-model.ts";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { db: { type: "string" }, accepted: { type: "string" }, auction: { type: "string" }, seconds: { type: "string", default: "3" } },
});
const command = positionals[0];
if (!values.db) throw new Error("--db is required");
const dbFile = values.db;

async function check(): Promise<void> {
  const accepted = JSON.parse(fs.readFileSync(values.accepted ?? "", "utf8")) as AcceptedBid[];
  const opened = openDatabase({ url: dbFile });
  try {
    const ledger = await loadBidLedger(opened.db, Number(values.auction));
    const problems = checkBidLedger(ledger.auction, ledger.rows, accepted, ledger.outbidNotices);
    const autoRows = ledger.rows.filter((row) => row.isAuto).length;
    console.log(
      JSON.stringify({
        problems,
        rows: ledger.rows.length,
        autoRows,
        bidCount: ledger.auction.bidCount,
        priceCents: ledger.auction.currentPriceCents,
        leaders: new Set([ledger.rows.at(-1)?.userId].filter(Boolean)).size,
      }),
    );
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await opened.close();
  }
}

/** A fresh hot lot in this database, sold by the bench lot's seller; returns its id and increment. */
async function newAuction(opened: OpenedDatabase): Promise<number> {
  const { db } = opened;
  const seller = await db.selectFrom("profiles").select("id").where("role", "=", "seller").executeTakeFirstOrThrow();
  const category = await db.selectFrom("categories").select("id").limit(1).executeTakeFirstOrThrow();
  const now = Date.now();
  const listing = await db
    .insertInto("equipment_listings")
    .values({
      user_id: seller.id,
      title: "Bench lot",
      category_id: category.id,
      condition: "used_good",
      listing_type: "auction",
      price_cents: 100_000,
      status: "active",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const auction = await db
    .insertInto("auctions")
    .values({
      listing_id: listing.id,
      start_date: new Date(now - 60_000).toISOString(),
      end_date: new Date(now + 7 * 86_400_000).toISOString(),
      starting_price_cents: 100_000,
      current_price_cents: 100_000,
      bid_increment_cents: 1000,
      bid_increment_fixed: 1,
      status: "active",
      auto_extend: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return auction.id;
}

interface RateResult {
  label: string;
  perSecond: number;
  accepted: number;
  rejected: number;
}

/** Bids that are always acceptable (current + increment, bidders taking turns) for `ms`, `concurrency` at a time. */
async function acceptedRate(opened: OpenedDatabase, bidders: string[], concurrency: number, ms: number, label: string): Promise<RateResult> {
  const auctionId = await newAuction(opened);
  let next = 100_000;
  let accepted = 0;
  let rejected = 0;
  let turn = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const amountCents = next;
        next += 1000;
        const bidderId = bidders[turn++ % bidders.length]!;
        try {
          await placeBid(opened.db, { auctionId, bidderId, amountCents });
          accepted += 1;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          rejected += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { label, perSecond: accepted / seconds, accepted, rejected };
}

/** A bid the rules refuse (below the current price): the same reads, no write, rolled back. */
async function rejectedRate(opened: OpenedDatabase, bidders: string[], ms: number): Promise<RateResult> {
  const auctionId = await newAuction(opened);
  await placeBid(opened.db, { auctionId, bidderId: bidders[0]!, amountCents: 100_000 });
  let rejected = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  while (performance.now() < deadline) {
    try {
      await placeBid(opened.db, { auctionId, bidderId: bidders[1]!, amountCents: 100_500 });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      rejected += 1;
    }
  }
  return { label: "refused bid (no commit), sequential", perSecond: rejected / ((performance.now() - started) / 1000), accepted: 0, rejected };
}

/**
 * The floor: the statements of one accepted bid (immediate transaction, read the auction with its leader, insert
 * the bid, update the auction, commit) as bare better-sqlite3 calls, without the rules, Kysely or notifications.
 */
async function bareStatementsRate(opened: OpenedDatabase, bidders: string[], ms: number, synchronous: SynchronousMode, bidsPerCommit = 1): Promise<RateResult> {
  const auctionId = await newAuction(opened);
  await opened.close();
  const { default: SQLite } = await import("better-sqlite3");
  const raw = new SQLite(dbFile);
  raw.pragma("journal_mode = WAL");
  raw.pragma(`synchronous = ${synchronous}`);
  const read = raw.prepare(
    `select a.*, l.user_id as seller_id, b.user_id as leader_id from auctions a join equipment_listings l on l.id = a.listing_id
     left join bids b on b.id = a.leading_bid_id where a.id = ?`,
  );
  const insert = raw.prepare(
    "insert into bids (auction_id, user_id, amount_cents, max_amount_cents, is_auto, created_at) values (?, ?, ?, null, 0, ?) returning id",
  );
  const update = raw.prepare(
    "update auctions set current_price_cents = ?, bid_count = bid_count + 1, leading_bid_id = ?, version = version + 1, updated_at = ? where id = ? and version = ?",
  );
  const begin = raw.prepare("begin immediate");
  const commit = raw.prepare("commit");
  let count = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  while (performance.now() < deadline) {
    const stamp = new Date().toISOString();
    begin.run();
    for (let i = 0; i < bidsPerCommit; i += 1) {
      const row = read.get(auctionId) as { current_price_cents: number; version: number };
      const { id } = insert.get(auctionId, bidders[count % bidders.length], row.current_price_cents + 1000, stamp) as { id: number };
      update.run(row.current_price_cents + 1000, id, stamp, auctionId, row.version);
      count += 1;
    }
    commit.run();
  }
  raw.close();
  const batch = bidsPerCommit > 1 ? `, ${bidsPerCommit} bids per commit` : "";
  return {
    label: `bare better-sqlite3 statements, synchronous ${synchronous}${batch}`,
    perSecond: count / ((performance.now() - started) / 1000),
    accepted: count,
    rejected: 0,
  };
}

/** PostgreSQL: placeBid's own rates (synchronous modes and bare better-sqlite3 statements are SQLite's). */
async function postgresRate(ms: number): Promise<RateResult[]> {
  const opened = openDatabase({ url: dbFile });
  try {
    const bidders = (await opened.db.selectFrom("profiles").select("id").where("role", "=", "buyer").limit(50).execute()).map((row) => row.id);
    if (bidders.length < 2) throw new Error("the database needs at least two buyers");
    return [
      await acceptedRate(opened, bidders, 1, ms, "placeBid sequential (PostgreSQL)"),
      await acceptedRate(opened, bidders, 50, ms, "placeBid 50 concurrent promises (PostgreSQL, pool of 10)"),
      await rejectedRate(opened, bidders, ms),
    ];
  } finally {
    await opened.close();
  }
}

async function rate(): Promise<void> {
  const ms = Number(values.seconds) * 1000;
  if (isPostgresUrl(dbFile)) return void console.log(JSON.stringify({ results: await postgresRate(ms) }));
  const results: RateResult[] = [];
  for (const synchronous of ["FULL", "NORMAL"] as const) {
    let opened = openDatabase({ url: dbFile, synchronous });
    const bidders = (await opened.db.selectFrom("profiles").select("id").where("role", "=", "buyer").limit(50).execute()).map((row) => row.id);
    if (bidders.length < 2) throw new Error("the database needs at least two buyers");
    results.push(await acceptedRate(opened, bidders, 1, ms, `placeBid sequential, synchronous ${synchronous}`));
    results.push(await acceptedRate(opened, bidders, 50, ms, `placeBid 50 concurrent promises, synchronous ${synchronous}`));
    if (synchronous === "FULL") results.push(await rejectedRate(opened, bidders, ms));
    results.push(await bareStatementsRate(opened, bidders, ms, synchronous));
    if (synchronous === "FULL") {
      // What committing several bids with one fsync (group commit) would allow.
      opened = openDatabase({ url: dbFile, synchronous });
      results.push(await bareStatementsRate(opened, bidders, ms, synchronous, 10));
    }
    opened = openDatabase({ url: dbFile });
    await sql`pragma wal_checkpoint(truncate)`.execute(opened.db);
    await opened.close();
  }
  console.log(JSON.stringify({ results }));
}

if (command === "check") await check();
else if (command === "rate") await rate();
else throw new Error(`unknown command ${command}; use check or rate`);
