// Start-up work that several app servers would otherwise do at once: two servers started together on an
// empty PostgreSQL database both found it without users and both seeded the demo, and the second stopped on "An
// account with this email already exists". oneServerAtATime makes the second wait for the first, then run.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { oneServerAtATime } from "#db/server-coordination.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";

let serverA: OpenedDatabase;
let serverB: OpenedDatabase;

beforeAll(async () => {
  serverA = createTestDatabase();
  // The test database exists once a first query has run (PostgreSQL makes it from the template then).
  await serverA.db.selectFrom("users").select("id").limit(1).execute();
  // A pool of one: the lock is held on a connection of its own, so the work still gets a connection.
  serverB = openDatabase({ url: serverA.url, poolSize: 1 });
});

afterAll(async () => {
  await serverB?.close();
  await serverA?.close();
});

/** Sessions waiting for an advisory lock right now. */
async function waitingForLock(): Promise<number> {
  const { rows } = await sql<{ waiting: number }>`select count(*) as waiting from pg_locks where locktype = 'advisory' and not granted`.execute(serverA.db);
  return Number(rows[0]?.waiting ?? 0);
}

describe.skipIf(!onPostgres)("one server at a time, on PostgreSQL", () => {
  it("makes a second server wait until the first has finished, then runs its work", async () => {
    const order: string[] = [];
    let finishFirst = () => {};
    const firstMayFinish = new Promise<void>((resolve) => (finishFirst = resolve));
    const first = oneServerAtATime(serverA, "start-up-lock-test", async () => {
      order.push("A starts");
      await firstMayFinish;
      order.push("A ends");
      return "A";
    });
    await vi.waitFor(() => expect(order).toEqual(["A starts"]));
    const second = oneServerAtATime(serverB, "start-up-lock-test", async () => {
      order.push("B runs");
      // The work has the whole pool of one.
      await serverB.db.selectFrom("users").select("id").limit(1).execute();
      return "B";
    });
    await vi.waitFor(async () => expect(await waitingForLock()).toBe(1));
    expect(order).toEqual(["A starts"]);
    finishFirst();
    expect(await Promise.all([first, second])).toEqual(["A", "B"]);
    expect(order).toEqual(["A starts", "A ends", "B runs"]);
    expect(await waitingForLock()).toBe(0);
  });

  it("releases the lock when the work fails", async () => {
    await expect(oneServerAtATime(serverA, "start-up-lock-test", () => Promise.reject(new Error("the seed failed")))).rejects.toThrow("the seed failed");
    expect(await oneServerAtATime(serverB, "start-up-lock-test", async () => "ran")).toBe("ran");
  });

  it("lets different jobs run side by side", async () => {
    let finishFirst = () => {};
    const firstMayFinish = new Promise<void>((resolve) => (finishFirst = resolve));
    const first = oneServerAtATime(serverA, "start-up-lock-test", () => firstMayFinish);
    expect(await oneServerAtATime(serverB, "another-start-up-job", async () => "ran")).toBe("ran");
    finishFirst();
    await first;
  });
});

describe.skipIf(onPostgres)("one server at a time, on SQLite", () => {
  it("runs the work as it is (one machine, one database file)", async () => {
    expect(await oneServerAtATime(serverA, "start-up-lock-test", async () => "ran")).toBe("ran");
  });
});
