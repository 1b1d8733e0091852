// Two app server processes on one PostgreSQL database: a bid taken over HTTP by server A reaches, within
// a second, a browser's event stream (SSE, /events) connected to server B. The servers are
// tests/support/live-events-server.ts: the production start, the bid endpoint and the SSE route, no build needed.
// PostgreSQL only: on SQLite the servers of one machine are cluster workers, relayed by their primary (server.mjs).
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { insertAuctionRow } from "../../support/auctions.ts";
import { sessionCookie } from "../../support/route-pages.tsx";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

interface Server {
  child: ChildProcess;
  url: string;
}

function startServer(databaseUrl: string): Promise<Server> {
  // Plain http on localhost: the session cookie is the non-Secure one the test's sessionCookie() makes.
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/live-events-server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      COOKIE_SECURE: "0",
      DATABASE_URL: databaseUrl,
      SEED_DEMO: "0",
      PORT: "0",
      AUCTION_SCHEDULER_INTERVAL_MS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const ready = /ready on (http:\/\/\S+)/.exec(output);
      if (ready) resolve({ child, url: ready[1]! });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
  });
}

/** An open /events stream: resolves each wanted event's data as it arrives. */
async function openEventStream(url: string, cookie: string, signal: AbortSignal) {
  const response = await fetch(url, { headers: { Cookie: cookie, Accept: "text/event-stream" }, signal });
  expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  return async function nextEvent(name: string): Promise<unknown> {
    for (;;) {
      const blocks = buffered.split("\n\n");
      buffered = blocks.pop()!;
      for (const [index, block] of blocks.entries()) {
        const event = /^event: (.+)$/m.exec(block)?.[1];
        if (event === name) {
          buffered = [...blocks.slice(index + 1), buffered].join("\n\n");
          return JSON.parse(/^data: (.*)$/m.exec(block)![1]!);
        }
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`The stream ended before a "${name}" event.`);
      buffered += value;
    }
  };
}

describe.skipIf(!onPostgres)("two app servers on one PostgreSQL database", () => {
  let database: OpenedDatabase;
  const servers: Server[] = [];
  const streams = new AbortController();

  beforeAll(async () => {
    database = createTestDatabase();
    await database.db.selectFrom("users").select("id").limit(1).execute();
    // One after the other, as a deploy brings servers up (each checks migrations and reference data at start).
    servers.push(await startServer(database.url));
    servers.push(await startServer(database.url));
  }, 120_000);

  afterAll(async () => {
    streams.abort();
    for (const server of servers) server.child.kill("SIGTERM");
    await database?.close();
  });

  // How fast is measured by bench:cluster (p95 across servers), not asserted here: no timed assertions in the suite.
  it("delivers a bid taken by server A to a page connected to server B", async () => {
    const [serverA, serverB] = servers as [Server, Server];
    const seller = await insertUserRow(database.db, "seller@example.test");
    const bidder = await insertUserRow(database.db, "bidder@example.test");
    const watcher = await insertUserRow(database.db, "watcher@example.test");
    const { auctionId } = await insertAuctionRow(database.db, seller);

    const nextEvent = await openEventStream(`${serverB.url}/events?auction=${auctionId}`, await sessionCookie(database.db, watcher), streams.signal);
    await nextEvent("ready");

    const bid = fetch(`${serverA.url}/api/auctions/${auctionId}/bids`, {
      method: "POST",
      headers: { Cookie: await sessionCookie(database.db, bidder), "Content-Type": "application/x-www-form-urlencoded" },
      body: "amount=1000",
    });
    // The bid's answer first: a refused bid sends no event, and its message says why.
    const answer = await bid;
    expect({ status: answer.status, body: answer.status === 200 ? "" : await answer.text() }).toEqual({ status: 200, body: "" });
    const seen = (await nextEvent("auction")) as { snapshot: { auctionId: number; currentPriceCents: number; bidCount: number; viewerLeads: boolean } };
    expect(seen.snapshot).toMatchObject({ auctionId, currentPriceCents: 100_000, bidCount: 1, viewerLeads: false });
  });
});
