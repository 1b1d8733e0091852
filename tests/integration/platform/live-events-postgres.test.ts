// Live events across app servers on PostgreSQL: two PostgresBus instances on two connections stand for
// two servers. PostgreSQL only (LISTEN/NOTIFY); the SQLite run has no other server to reach.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { pingDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { PostgresBus, type LiveEvent } from "~/services/platform/live-events.server.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";

/** Resolves with the first `count` events the bus delivers on `topic`. */
function nextEvents(bus: PostgresBus, topic: string, count = 1): Promise<LiveEvent[]> {
  return new Promise((resolve) => {
    const seen: LiveEvent[] = [];
    const unsubscribe = bus.subscribe([topic], (event) => {
      seen.push(event);
      if (seen.length === count) {
        unsubscribe();
        resolve(seen);
      }
    });
  });
}

describe.skipIf(!onPostgres)("PostgresBus: live events between servers", () => {
  let database: OpenedDatabase;
  const buses: PostgresBus[] = [];
  const logs: string[] = [];
  const logWaiters: Array<{ pattern: RegExp; resolve: () => void }> = [];

  const server = (name: string) => {
    const bus = new PostgresBus({
      url: database.url,
      backoffMs: 20,
      log: (line) => {
        logs.push(`${name}: ${line}`);
        for (const waiter of [...logWaiters]) {
          if (waiter.pattern.test(`${name}: ${line}`)) {
            logWaiters.splice(logWaiters.indexOf(waiter), 1);
            waiter.resolve();
          }
        }
      },
    });
    buses.push(bus);
    return bus;
  };
  const logLine = (pattern: RegExp) =>
    logs.some((line) => pattern.test(line)) ? Promise.resolve() : new Promise<void>((resolve) => logWaiters.push({ pattern, resolve }));

  beforeAll(async () => {
    database = createTestDatabase();
    await pingDatabase(database.db);
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    logs.length = 0;
  });
  afterAll(async () => {
    await database.close();
  });

  it("delivers an event published on one server to the other's subscribers, and once to its own", async () => {
    const [a, b] = [server("a"), server("b")];
    await Promise.all([a.listening(), b.listening()]);
    const onB = nextEvents(b, "auction:7");
    const onA: LiveEvent[] = [];
    a.subscribe(["auction:7"], (event) => onA.push(event));
    const event = { topic: "auction:7", name: "auction", data: { currentBid: "120.00", bidCount: 3 } };
    a.publish(event);
    // Delivered locally at once, before any round trip.
    expect(onA).toEqual([event]);
    expect(await onB).toEqual([event]);
    // A's own notification came back to it too, and was ignored: publish on B and see A get exactly one more.
    const next = nextEvents(a, "auction:7");
    b.publish({ ...event, data: { currentBid: "130.00", bidCount: 4 } });
    await next;
    expect(onA.map((seen) => (seen.data as { bidCount: number }).bidCount)).toEqual([3, 4]);
  });

  it("keeps the order of a burst of events", async () => {
    const [a, b] = [server("a"), server("b")];
    await Promise.all([a.listening(), b.listening()]);
    const onB = nextEvents(b, "user:u1", 200);
    for (let index = 0; index < 200; index += 1) a.publish({ topic: "user:u1", name: "notification", data: { index } });
    expect((await onB).map((event) => (event.data as { index: number }).index)).toEqual([...Array(200).keys()]);
  });

  it("delivers events far larger than a notification's 8000 bytes, multi-byte text intact", async () => {
    const [a, b] = [server("a"), server("b")];
    await Promise.all([a.listening(), b.listening()]);
    const description = "Oszilloskop für Prüfstände — 4 Kanäle, 🔬 Messköpfe inklusive. ".repeat(2000);
    expect(Buffer.byteLength(description)).toBeGreaterThan(100_000);
    const onB = nextEvents(b, "auctions", 2);
    a.publish({ topic: "auctions", name: "auction", data: { description } });
    a.publish({ topic: "auctions", name: "auction", data: { description: "small one after it" } });
    const [large, small] = await onB;
    expect((large!.data as { description: string }).description).toBe(description);
    expect((small!.data as { description: string }).description).toBe("small one after it");
  });

  it("reconnects after its connection is killed, says so in the log, and carries events again both ways", async () => {
    const [a, b] = [server("a"), server("b")];
    await Promise.all([a.listening(), b.listening()]);
    const pid = a.backendPid();
    expect(pid).toBeTypeOf("number");
    await sql`select pg_terminate_backend(${pid})`.execute(database.db);
    await logLine(/^a: Live events: the PostgreSQL connection dropped/);
    await logLine(/^a: Live events: listening on PostgreSQL again/);
    expect(a.backendPid()).not.toBe(pid);

    const onA = nextEvents(a, "user:u2");
    b.publish({ topic: "user:u2", name: "message", data: { body: "still there?" } });
    expect((await onA)[0]!.data).toEqual({ body: "still there?" });
    const onB = nextEvents(b, "user:u3");
    a.publish({ topic: "user:u3", name: "message", data: { body: "yes" } });
    expect((await onB)[0]!.data).toEqual({ body: "yes" });
  });

  it("sends what was published while the connection was down once it is back", async () => {
    const [a, b] = [server("a"), server("b")];
    await Promise.all([a.listening(), b.listening()]);
    const onB = nextEvents(b, "user:u4");
    await sql`select pg_terminate_backend(${a.backendPid()})`.execute(database.db);
    await logLine(/^a: Live events: the PostgreSQL connection dropped/);
    a.publish({ topic: "user:u4", name: "notification", data: { title: "sent while reconnecting" } });
    expect((await onB)[0]!.data).toEqual({ title: "sent while reconnecting" });
  });
});
