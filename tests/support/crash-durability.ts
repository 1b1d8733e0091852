// Crash durability: a server under bidding load is killed with SIGKILL again and again, restarted on the
// same database file, and after each restart the database must hold every bid the server acknowledged, obey the
// bidding rules, and pass `PRAGMA integrity_check`. Shared by tests/integration/auctions/crash-durability.test.ts
// (a few kills) and bench/crash-durability.mjs (many, with figures).
//
// The bidders bid over HTTP with session cookies, as scripts do (README "Scripts can bid with"), each sending one
// request at a time from what the answers told it. A bid counts as acknowledged when the server answered 200 with
// `ok: true` (a bid is answered only after its transaction committed: docs/decisions/0015). The kill comes right
// after a randomly chosen answer, while the other bidders' requests are in flight; those requests are "in doubt":
// their bid may or may not have committed. After the restart the check reads the database:
// - `PRAGMA integrity_check` says "ok";
// - every acknowledged bid has its row (bidder and amount; a raised maximum: the bidder's row holds at least it);
// - an in-doubt request either left nothing or left exactly what an accepted bid leaves (its row, recognised in its
//   bidder's sequence of rows; or the raised maximum on the bidder's leading row);
// - the acknowledged bids plus the in-doubt ones that committed, replayed in commit order through the reference
//   model (tests/support/bidding-model.ts checkBidLedger), give exactly the stored rows, price, leader, bid count and
//   outbid notifications (written in the bid's transaction): nothing lost, duplicated or half-written.
// What a SIGKILL does not show: a power cut. The kernel keeps a killed process's written pages, so this checks that
// no bid is acknowledged before its commit and that SQLite recovers its WAL, not the fsyncs that
// DATABASE_SYNCHRONOUS=FULL adds (the run passes with OFF too).
import { spawn, type ChildProcess } from "node:child_process";
import { createCookie } from "@remix-run/node";
import { sql, type Kysely } from "kysely";
import { openDatabase } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { createSession, SECURE_SESSION_COOKIE_NAME } from "~/services/accounts/session.server.ts";
import { insertAuctionRow } from "./auctions.ts";
import { checkBidLedger, loadBidLedger, type AcceptedBid, type LedgerRow } from "./bidding-model.ts";
import { insertUserRow } from "./users.ts";

/** How to start the server under test: `node …args` with `env` added; it prints a line with its http:// address. */
export interface ServerCommand {
  args: string[];
  env: Record<string, string>;
}

/** The test's own server (tests/support/crash-bid-server.ts): the app's start and bid endpoint, no build needed. */
export function crashBidServerCommand(databaseFile: string, sessionSecret: string): ServerCommand {
  return {
    args: ["--import", "tsx", "tests/support/crash-bid-server.ts"],
    env: { NODE_ENV: "production", DATABASE_URL: databaseFile, SESSION_SECRET: sessionSecret, SEED_DEMO: "0", PORT: "0" },
  };
}

export interface CrashRunOptions {
  /** A migrated database file; nothing else may have it open during the run. */
  databaseFile: string;
  sessionSecret: string;
  server: ServerCommand;
  kills: number;
  bidders?: number;
  /** How many answers the bidders get after a start before the kill: drawn at random between the two. */
  answersBeforeKill?: [number, number];
  seed?: number;
  /** Progress lines (one per restart). */
  log?: (line: string) => void;
}

export interface RestartCheck {
  restart: number;
  /** From starting the process to its first healthy /healthz answer. */
  restartMs: number;
  /** `PRAGMA integrity_check`'s answer, joined. */
  integrity: string;
  acknowledged: number;
  /** Acknowledged bids whose row (or raised maximum) is in the database. */
  found: number;
  inDoubt: number;
  inDoubtStored: number;
  /** What checkBidLedger found wrong, per auction. */
  problems: string[];
}

export interface CrashRunReport {
  kills: number;
  requests: number;
  acknowledged: number;
  refused: number;
  inDoubt: number;
  inDoubtStored: number;
  /** After the last restart. */
  found: number;
  checks: RestartCheck[];
  /** Requests that failed while no kill was under way (must stay empty), and answers no bidder expects. */
  errors: string[];
  ms: number;
}

/** A small seeded generator (mulberry32), so a run's choices can be repeated. */
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

interface Bidder {
  id: string;
  cookie: string;
}

interface Lot {
  auctionId: number;
  startingPriceCents: number;
  incrementCents: number;
}

/** A seller with three auctions (one with a reserve, one with a one-cent increment) and `count` signed-in bidders. */
async function prepareLots(db: Kysely<Database>, count: number, sessionSecret: string): Promise<{ lots: Lot[]; bidders: Bidder[] }> {
  const sellerId = await insertUserRow(db, undefined, "seller");
  const lots: Lot[] = [];
  for (const values of [
    { starting_price_cents: 100_000, bid_increment_cents: 1000 },
    { starting_price_cents: 50_000, bid_increment_cents: 500, reserve_price_cents: 80_000 },
    { starting_price_cents: 100, bid_increment_cents: 1 },
  ]) {
    const { auctionId } = await insertAuctionRow(db, sellerId, values);
    lots.push({ auctionId, startingPriceCents: values.starting_price_cents, incrementCents: values.bid_increment_cents });
  }
  const cookie = createCookie(SECURE_SESSION_COOKIE_NAME, { secrets: [sessionSecret] });
  const bidders: Bidder[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = await insertUserRow(db);
    const sessionId = await createSession(db, id, {}, 7 * 24 * 60 * 60 * 1000);
    bidders.push({ id, cookie: (await cookie.serialize(sessionId)).split(";")[0]! });
  }
  return { lots, bidders };
}

// ── The server process ──

interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<void>;
  output: string[];
  /** Set when the run sends it SIGKILL: requests cut off from then on are in doubt, not errors. */
  killed: boolean;
}

/** Starts the server and resolves once it said where it listens and /healthz answered 200. */
async function startServer(command: ServerCommand): Promise<RunningServer> {
  const child = spawn(process.execPath, command.args, { env: { ...process.env, ...command.env }, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output.push(String(chunk));
      stdout += String(chunk);
      const address = /ready on (http:\/\/[^\s/]+)/.exec(stdout);
      if (address) resolve(address[1]!);
    });
    child.stderr!.on("data", (chunk: Buffer) => output.push(String(chunk)));
    void exited.then(() => reject(new Error(`The server stopped while starting (${child.exitCode ?? child.signalCode}):\n${output.join("")}`)));
  });
  const health = await fetch(`${baseUrl}/healthz`);
  if (health.status !== 200) throw new Error(`/healthz answered ${health.status}: ${await health.text()}`);
  return { child, baseUrl, exited, output, killed: false };
}

// ── The bidders ──

interface SentBid {
  bidderId: string;
  auctionId: number;
  amountCents: number;
  maxCents: number | null;
  state: "acknowledged" | "refused" | "in_doubt";
  accepted?: AcceptedBid;
  /** When it was sent and when its answer (or the kill's cut) came, on the clock the server stamps bids with. */
  sentAt: number;
  endedAt: number;
}

interface BidAnswerBody {
  ok: boolean;
  error?: string;
  result?: AcceptedBid["result"];
  bidCents?: number;
  snapshot?: { currentPriceCents: number; bidCount: number; viewerLeads: boolean };
}

/** What one bidder believes about one lot, from the answers it got. */
interface View {
  priceCents: number;
  bidCount: number;
  leads: boolean;
  myMaxCents: number;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
/** "$1,010" or "$1,010.50" in a refusal → cents. */
const moneyIn = (text: string) => {
  const match = /[$€£]([\d,]+(?:\.\d+)?)/.exec(text);
  return match ? Math.round(Number(match[1]!.replace(/,/g, "")) * 100) : null;
};

// ── Reading back what the database holds ──

interface Reconciled {
  accepted: AcceptedBid[];
  found: number;
  inDoubtStored: number;
}

/** Server and bidders share the machine's clock; bids are stamped in whole milliseconds. */
const CLOCK_SLACK_MS = 2;
const during = (at: number, request: SentBid) => at >= request.sentAt - CLOCK_SLACK_MS && at <= request.endedAt + CLOCK_SLACK_MS;

/**
 * Per bidder, walks their requests on one auction in the order sent against their own rows in id order: each
 * acknowledged bid must find its row. An in-doubt request owns the bidder's next row when that row was stamped while
 * the request was under way (the kill ended it, and the bidder's next request came after the restart). One that owns
 * no row but carried a maximum may have raised the bidder's maximum while they led: it did when a row of the bidder
 * that led while the request was under way stores that maximum and none of the bidder's known bids or raises set it
 * (a bidder's maximum only grows).
 */
function reconcile(auctionId: number, rows: LedgerRow[], sent: SentBid[]): Reconciled {
  const accepted: AcceptedBid[] = [];
  let found = 0;
  let inDoubtStored = 0;
  const mine = sent.filter((bid) => bid.auctionId === auctionId && bid.state !== "refused");
  const stamped = rows.map((row) => Date.parse(row.createdAt));
  for (const bidderId of new Set(mine.map((bid) => bid.bidderId))) {
    const requests = mine.filter((bid) => bid.bidderId === bidderId);
    const own = rows.filter((row) => row.userId === bidderId && !row.isAuto);
    /** The maximums this bidder's known bids and raises set. */
    const known = new Set<number>();
    const unplaced: SentBid[] = [];
    /** What each request that took effect did, given to the model in the order the bidder sent them. */
    const placed = new Map<SentBid, AcceptedBid>();
    let next = 0;
    for (const request of requests) {
      if (request.state === "acknowledged") {
        const bid = request.accepted!;
        placed.set(request, bid);
        known.add(bid.result === "maximum_raised" ? bid.bidCents : (request.maxCents ?? bid.bidCents));
        if (bid.result === "maximum_raised") {
          if (rows.some((row) => row.userId === bidderId && (row.maxCents ?? row.amountCents) >= bid.bidCents)) found += 1;
        } else if (own[next]?.amountCents === bid.bidCents) {
          found += 1;
          next += 1;
        }
        continue;
      }
      const row = own[next];
      const index = row ? rows.indexOf(row) : -1;
      if (row && during(stamped[index]!, request)) {
        const answered = rows[index + 1]?.isAuto === true;
        placed.set(request, {
          auctionId,
          bidderId,
          amountCents: request.amountCents,
          maxCents: request.maxCents,
          result: answered ? "outbid" : "leading",
          bidCents: row.amountCents,
          bidCount: index + (answered ? 2 : 1),
        });
        known.add(request.maxCents ?? row.amountCents);
        inDoubtStored += 1;
        next += 1;
      } else if (request.maxCents !== null) {
        unplaced.push(request);
      }
    }
    for (const request of unplaced) {
      const maxCents = request.maxCents!;
      if (known.has(maxCents)) continue;
      // The raised row was the newest while the request was under way: stamped before it ended, and the next row
      // (if any) after it began.
      const raised = rows.findIndex(
        (row, index) =>
          row.userId === bidderId &&
          row.maxCents === maxCents &&
          stamped[index]! <= request.endedAt + CLOCK_SLACK_MS &&
          (stamped[index + 1] ?? Infinity) >= request.sentAt - CLOCK_SLACK_MS,
      );
      if (raised < 0) continue;
      known.add(maxCents);
      placed.set(request, {
        auctionId,
        bidderId,
        amountCents: request.amountCents,
        maxCents,
        result: "maximum_raised",
        bidCents: maxCents,
        bidCount: raised + 1,
      });
      inDoubtStored += 1;
    }
    for (const request of requests) {
      const bid = placed.get(request);
      if (bid) accepted.push(bid);
    }
  }
  return { accepted, found, inDoubtStored };
}

async function checkDatabase(file: string, lots: Lot[], sent: SentBid[]): Promise<Omit<RestartCheck, "restart" | "restartMs">> {
  const opened = openDatabase({ url: file, synchronous: "OFF" });
  try {
    const { rows: integrityRows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(opened.db);
    const problems: string[] = [];
    let found = 0;
    let inDoubtStored = 0;
    for (const lot of lots) {
      const ledger = await loadBidLedger(opened.db, lot.auctionId);
      const reconciled = reconcile(lot.auctionId, ledger.rows, sent);
      found += reconciled.found;
      inDoubtStored += reconciled.inDoubtStored;
      for (const problem of checkBidLedger(ledger.auction, ledger.rows, reconciled.accepted, ledger.outbidNotices)) {
        problems.push(`auction ${lot.auctionId}: ${problem}`);
      }
    }
    return {
      integrity: integrityRows.map((row) => row.integrity_check).join("; "),
      acknowledged: sent.filter((bid) => bid.state === "acknowledged").length,
      found,
      inDoubt: sent.filter((bid) => bid.state === "in_doubt").length,
      inDoubtStored,
      problems,
    };
  } finally {
    await opened.close();
  }
}

// ── The run ──

/**
 * Prepares the lots and bidders in `databaseFile`, then starts the server, lets the bidders bid until the kill,
 * kills it with SIGKILL, restarts it and checks the database, `kills` times; the server is stopped at the end.
 */
export async function runCrashDurability(options: CrashRunOptions): Promise<CrashRunReport> {
  const started = performance.now();
  const next = random(options.seed ?? 15);
  const [fewest, most] = options.answersBeforeKill ?? [40, 200];
  const log = options.log ?? (() => undefined);

  const setup = openDatabase({ url: options.databaseFile, synchronous: "OFF" });
  const { lots, bidders } = await prepareLots(setup.db, options.bidders ?? 10, options.sessionSecret);
  await setup.close();

  const sent: SentBid[] = [];
  const errors: string[] = [];
  const checks: RestartCheck[] = [];

  // The bidders send to `open`, the server taking bids; between a kill and the check after the restart it is null
  // and they wait for `opened`, which a restart's check resolves with the new server (null: the run is over).
  let server: RunningServer | null = null;
  let open: RunningServer | null = null;
  let openGate: (running: RunningServer | null) => void = () => undefined;
  let opened = new Promise<RunningServer | null>((resolve) => (openGate = resolve));
  let stopped = false;
  let answersLeft = 0;
  let killed: () => void = () => undefined;

  const kill = (running: RunningServer) => {
    running.killed = true;
    open = null;
    opened = new Promise((resolve) => (openGate = resolve));
    running.child.kill("SIGKILL");
    killed();
  };

  const bid = async (bidder: Bidder, running: RunningServer, views: Map<number, View>, choose: () => number) => {
    const candidates = lots.filter((lot) => !views.get(lot.auctionId)!.leads || choose() < 0.3);
    const lot = candidates.length > 0 ? candidates[Math.floor(choose() * candidates.length)]! : lots[0]!;
    const view = views.get(lot.auctionId)!;
    const inc = lot.incrementCents;
    const minimum = view.bidCount === 0 ? view.priceCents : view.priceCents + inc;
    const roll = choose();
    let amountCents = minimum;
    let maxCents: number | null = null;
    let intent = "bid";
    if (view.leads) {
      intent = "raise-maximum";
      maxCents = Math.max(view.myMaxCents, minimum) + Math.floor(1 + choose() * 10) * inc;
    } else if (roll < 0.55) {
      amountCents = minimum + Math.floor(choose() * 3) * inc;
    } else if (roll < 0.9) {
      amountCents = minimum + Math.floor(choose() * 2) * inc;
      maxCents = amountCents + Math.floor(choose() * 20) * inc + (choose() < 0.3 ? 1 : 0);
    } else {
      amountCents = minimum - 1;
    }
    const record: SentBid = { bidderId: bidder.id, auctionId: lot.auctionId, amountCents, maxCents, state: "in_doubt", sentAt: Date.now(), endedAt: Infinity };
    sent.push(record);
    const form = new URLSearchParams({ amount: dollars(amountCents), intent });
    if (maxCents !== null) form.set("maxAmount", dollars(maxCents));
    let status: number;
    let body: BidAnswerBody;
    try {
      const response = await fetch(`${running.baseUrl}/api/auctions/${lot.auctionId}/bids`, {
        method: "POST",
        headers: { Cookie: bidder.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: running.baseUrl },
        body: form,
      });
      status = response.status;
      body = (await response.json()) as BidAnswerBody;
      record.endedAt = Date.now();
    } catch (error) {
      record.endedAt = Date.now();
      // Cut off by the kill: the bid stays in doubt. Anything else is an error (and counts as an answer).
      if (running.killed) return;
      errors.push(`a bid failed with the server up: ${error instanceof Error ? error.message : String(error)}`);
      status = 0;
      body = { ok: false };
    }
    if (status === 0) {
      // Already recorded as an error; the request stays in doubt.
    } else if (status === 200 && body.ok && body.result && body.bidCents !== undefined && body.snapshot) {
      record.state = "acknowledged";
      record.accepted = {
        auctionId: lot.auctionId,
        bidderId: bidder.id,
        amountCents,
        maxCents,
        result: body.result,
        bidCents: body.bidCents,
        bidCount: body.snapshot.bidCount,
      };
      view.priceCents = body.snapshot.currentPriceCents;
      view.bidCount = body.snapshot.bidCount;
      view.leads = body.snapshot.viewerLeads;
      if (view.leads) view.myMaxCents = Math.max(view.myMaxCents, maxCents ?? amountCents, body.bidCents);
    } else if (!body.ok && status >= 400 && status < 500) {
      record.state = "refused";
      const error = body.error ?? "";
      const named = moneyIn(error);
      if (error.startsWith("Bid must be higher than current price") && named !== null) {
        view.priceCents = named;
        view.bidCount = Math.max(view.bidCount, 1);
        view.leads = false;
      } else if (error.startsWith("Bid must be at least") && named !== null) {
        // With no bid yet the bidder offered the starting price: someone else bid meanwhile.
        view.priceCents = named - inc;
        view.bidCount = Math.max(view.bidCount, 1);
        view.leads = false;
      } else if (error === "You are currently the highest bidder!") {
        view.leads = true;
      }
    } else {
      record.state = "refused";
      errors.push(`unexpected answer ${status}: ${JSON.stringify(body)}`);
    }
    if (!running.killed) {
      answersLeft -= 1;
      if (answersLeft === 0) kill(running);
    }
  };

  const bidding = bidders.map(async (bidder, index) => {
    const choose = random((options.seed ?? 15) * 1000 + index);
    const views = new Map(lots.map((lot) => [lot.auctionId, { priceCents: lot.startingPriceCents, bidCount: 0, leads: false, myMaxCents: 0 } satisfies View]));
    while (!stopped) {
      const running = open ?? (await opened);
      if (running && !running.killed) await bid(bidder, running, views, choose);
    }
  });

  try {
    for (let start = 0; start <= options.kills; start += 1) {
      const startedAt = performance.now();
      server = await startServer(options.server);
      const restartMs = performance.now() - startedAt;
      if (start > 0) {
        const check = { restart: start, restartMs, ...(await checkDatabase(options.databaseFile, lots, sent)) };
        checks.push(check);
        log(
          `restart ${start}: up in ${restartMs.toFixed(0)} ms; integrity ${check.integrity}; ${check.found}/${check.acknowledged} acknowledged bids found; ` +
            `${check.inDoubtStored}/${check.inDoubt} in-doubt requests committed; ${check.problems.length} problems`,
        );
      }
      if (start === options.kills) break;
      const killedNow = new Promise<void>((resolve) => (killed = resolve));
      answersLeft = Math.floor(fewest + next() * (most - fewest + 1));
      open = server;
      openGate(server);
      const running = server;
      await Promise.race([
        killedNow,
        running.exited.then(() => {
          if (!running.killed)
            throw new Error(`The server stopped by itself (${running.child.exitCode ?? running.child.signalCode}):\n${running.output.join("")}`);
        }),
      ]);
      await running.exited;
    }
  } finally {
    stopped = true;
    open = null;
    openGate(null);
    opened = Promise.resolve(null);
    const last = server;
    await Promise.all(bidding);
    if (last && last.child.exitCode === null && last.child.signalCode === null) {
      last.child.kill("SIGTERM");
      await last.exited;
    }
  }

  const final = checks[checks.length - 1];
  return {
    kills: options.kills,
    requests: sent.length,
    acknowledged: sent.filter((bid) => bid.state === "acknowledged").length,
    refused: sent.filter((bid) => bid.state === "refused").length,
    inDoubt: sent.filter((bid) => bid.state === "in_doubt").length,
    inDoubtStored: final?.inDoubtStored ?? 0,
    found: final?.found ?? 0,
    checks,
    errors,
    ms: performance.now() - started,
  };
}
