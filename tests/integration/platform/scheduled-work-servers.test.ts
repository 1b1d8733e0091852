// The scheduler's jobs with several app servers on one database: two database handles stand for two
// servers. The e-mail outbox never sends a message twice, and on PostgreSQL a job that one server is running is
// skipped by the others that pass.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { unlessRunningElsewhere } from "#db/server-coordination.ts";
import { deliverPendingEmails, queueEmail } from "~/services/platform/mailer.server.ts";
import { runScheduledWork } from "~/flows/scheduled-work.server.ts";
import { createTestDatabase, onPostgres } from "../../support/test-database.ts";

let serverA: OpenedDatabase;
let serverB: OpenedDatabase;
/** Recipients of the mail "sent" (printed, without SMTP_URL), one entry per sending. */
let sentTo: string[];

beforeAll(async () => {
  vi.stubEnv("SMTP_URL", undefined);
  serverA = createTestDatabase();
  await serverA.db.selectFrom("email_outbox").select("id").limit(1).execute();
  serverB = openDatabase({ url: serverA.url, poolSize: 8 });
});

beforeEach(async () => {
  sentTo = [];
  vi.spyOn(console, "log").mockImplementation((line: unknown) => {
    const match = /^\[mail\] to (\S+):/.exec(String(line));
    if (match) sentTo.push(match[1]!);
  });
  await serverA.db.deleteFrom("email_outbox").execute();
  return () => vi.restoreAllMocks();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await serverB?.close();
  await serverA?.close();
});

const queue = (count: number) =>
  queueEmail(
    serverA.db,
    Array.from({ length: count }, (_, index) => ({ to: `member${index}@example.test`, subject: `Outbid #${index}`, text: "Someone bid more." })),
  );

describe("two servers delivering the e-mail outbox at once", () => {
  it("send every queued message exactly once", async () => {
    await queue(300);
    const runner = async (db: OpenedDatabase["db"]) => {
      let handled = 0;
      for (let batch = await deliverPendingEmails(db, 7); batch > 0; batch = await deliverPendingEmails(db, 7)) handled += batch;
      return handled;
    };
    const [byA, byB, alsoByA, alsoByB] = await Promise.all([runner(serverA.db), runner(serverB.db), runner(serverA.db), runner(serverB.db)]);
    expect(byA + byB + alsoByA + alsoByB).toBe(300);
    expect(sentTo).toHaveLength(300);
    expect(new Set(sentTo).size).toBe(300);
    const left = await serverA.db.selectFrom("email_outbox").select("id").where("status", "!=", "queued").execute();
    expect(left).toEqual([]);
  });
});

describe("one delivery pass", () => {
  it("sends at most its limit and leaves the rest pending, none stuck half-claimed", async () => {
    await queue(5);
    expect(await deliverPendingEmails(serverA.db, 2)).toBe(2);
    const statuses = await serverA.db.selectFrom("email_outbox").select("status").orderBy("id").execute();
    expect(statuses.map((row) => row.status)).toEqual(["queued", "queued", "pending", "pending", "pending"]);
    expect(sentTo).toEqual(["member0@example.test", "member1@example.test"]);
  });
});

describe("a scheduled job another server is running", () => {
  it("is skipped by this server's pass on PostgreSQL, and run by the next pass once that server is done", async () => {
    await queue(3);
    let finish = () => {};
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    // Server B is in the middle of its e-mail job (it holds the job's lock until `finish`).
    const elsewhere = unlessRunningElsewhere(serverB.db, "scheduled-work:deliver-pending-emails", async () => {
      started();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await running;
    const skipped = await runScheduledWork(serverA.db);
    // Engine-specific on purpose: PostgreSQL servers coordinate through advisory locks; SQLite (one machine) runs
    // every job in every pass, each claiming its rows under the database's write lock.
    expect(skipped).toEqual(onPostgres ? ["deliver-pending-emails"] : []);
    expect(sentTo).toHaveLength(onPostgres ? 0 : 3);
    finish();
    expect(await elsewhere).toBe(true);

    expect(await runScheduledWork(serverA.db)).toEqual([]);
    expect(sentTo.sort()).toEqual(["member0@example.test", "member1@example.test", "member2@example.test"]);
  });

  it("is released when the job fails, so the next pass can run it", async () => {
    await expect(
      unlessRunningElsewhere(serverB.db, "scheduled-work:prune-attempt-counters", async () => {
        throw new Error("the job failed");
      }),
    ).rejects.toThrow("the job failed");
    expect(await runScheduledWork(serverA.db)).toEqual([]);
  });
});
