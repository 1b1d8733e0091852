// /admin/system-status's checks on both engines: each check's state from what it really finds (a query,
// a file written and read back in a temp uploads folder, the free-disk thresholds, an SMTP server's greeting or its
// absence, the outbox, the scheduler's last pass, open live streams), every check bounded by its timeout, and the
// overall state.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { checkSystemStatus, type SystemStatusOptions } from "~/services/admin/index.server.ts";
import { recordSchedulerPass, trackLiveConnection } from "~/services/platform/index.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";

let opened: OpenedDatabase;
let uploadsDir: string;
const servers: net.Server[] = [];
const roomyDisk = async () => ({ free: 50 * 1024 ** 3, total: 100 * 1024 ** 3 });

beforeAll(async () => {
  opened = createTestDatabase();
  // On PostgreSQL the test database is made on first use: made here, so the database check times a query, not that.
  await opened.db.selectFrom("users").select("id").limit(1).execute();
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "admindash-uploads-"));
});
afterAll(async () => {
  for (const server of servers) server.close();
  await opened.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function listen(onConnection: (socket: net.Socket) => void): Promise<number> {
  const server = net.createServer(onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

const base = (): SystemStatusOptions => ({
  uploadsDir,
  smtpUrl: null,
  modelConfigured: false,
  schedulerIntervalMs: 2_000,
  diskSpace: roomyDisk,
  timeoutMs: 1_000,
});
const check = async (options: SystemStatusOptions, key: string) => {
  const status = await checkSystemStatus(opened.db, options);
  const found = status.checks.find((one) => one.key === key);
  if (!found) throw new Error(`no ${key} check`);
  return { status, check: found };
};

describe("system status", () => {
  it("is operational with a working database and uploads folder, no SMTP (outbox only) and the built-in generator", async () => {
    recordSchedulerPass({ startedAt: new Date(Date.now() - 50), finishedAt: new Date(), ok: true });
    const status = await checkSystemStatus(opened.db, base());
    expect(status.overall).toBe("operational");
    expect(status.checks.map((one) => one.key)).toEqual(["database", "storage", "mail", "ai", "scheduler", "live", "email"]);
    for (const one of status.checks) expect(one.latencyMs).toBeGreaterThanOrEqual(0);
    expect(status.checks.find((one) => one.key === "mail")?.detail).toMatch(/^Outbox only/);
    expect(status.checks.find((one) => one.key === "ai")?.detail).toMatch(/^Built-in listing generator/);
    // What is not wired reads "not configured", never "operational"; the outbox agrees with the mail row.
    expect(status.checks.filter((one) => one.state === "not_configured").map((one) => one.key)).toEqual(["mail", "ai", "email"]);
    expect(status.checks.find((one) => one.key === "email")?.detail).toBe("0 kept in the outbox (no SMTP server configured), 0 failed");
    // The probe file is gone afterwards.
    expect(fs.readdirSync(path.join(uploadsDir, ".status-checks"))).toEqual([]);
  });

  it("free disk: degraded under the warning threshold, an outage under the critical one", async () => {
    const low = await check({ ...base(), diskSpace: async () => ({ free: 1.5 * 1024 ** 3, total: 10 * 1024 ** 3 }) }, "storage");
    expect([low.check.state, low.status.overall]).toEqual(["degraded", "degraded"]);
    const full = await check({ ...base(), diskSpace: async () => ({ free: 100 * 1024 ** 2, total: 100 * 1024 ** 3 }) }, "storage");
    expect([full.check.state, full.status.overall]).toEqual(["outage", "outage"]);
  });

  it("an uploads folder that cannot be written is an outage", async () => {
    const file = path.join(uploadsDir, "not-a-folder");
    fs.writeFileSync(file, "x");
    const { check: storage, status } = await check({ ...base(), uploadsDir: file }, "storage");
    expect(storage.state).toBe("outage");
    expect(status.overall).toBe("outage");
  });

  it("mail: an SMTP server that greets is operational; a closed port and a silent server are outages within the timeout", async () => {
    const greeting = await listen((socket) => {
      socket.write("220 mail.example.test ESMTP\r\n");
      socket.on("data", () => socket.end("221 bye\r\n"));
    });
    expect((await check({ ...base(), smtpUrl: `smtp://127.0.0.1:${greeting}` }, "mail")).check.state).toBe("operational");

    const closed = await listen(() => {});
    servers.pop()?.close();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await check({ ...base(), smtpUrl: `smtp://127.0.0.1:${closed}` }, "mail")).check.state).toBe("outage");

    const silent = await listen(() => {});
    const started = Date.now();
    const quiet = await check({ ...base(), smtpUrl: `smtp://127.0.0.1:${silent}`, timeoutMs: 300 }, "mail");
    expect(quiet.check.state).toBe("outage");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(quiet.status.overall).toBe("degraded");
  });

  it("the model: configured with its last failure is degraded; the outbox's failed and queued e-mails are counted", async () => {
    await opened.db.insertInto("ai_generations").values({ brand: "Fluke", model: "87V", outcome: "fallback", failure_class: "timeout" }).execute();
    const ai = await check({ ...base(), modelConfigured: true, modelName: "test-model" }, "ai");
    expect(ai.check.state).toBe("degraded");
    expect(ai.check.detail).toContain("test-model");
    expect(ai.check.detail).toContain("timeout");

    await opened.db
      .insertInto("email_outbox")
      .values([
        { to_address: "a@example.test", subject: "s", text_body: "t", status: "failed", error: "550" },
        { to_address: "b@example.test", subject: "s", text_body: "t", status: "pending" },
      ])
      .execute();
    const email = await check({ ...base(), smtpUrl: "smtp://127.0.0.1:9" }, "email");
    expect(email.check).toMatchObject({ state: "degraded", detail: "1 queued, 1 failed" });
    expect((await check(base(), "email")).check).toMatchObject({
      state: "not_configured",
      detail: "1 kept in the outbox (no SMTP server configured), 1 failed",
    });
  });

  it("the scheduler: a late last pass is degraded, a scheduler switched off is degraded; live streams are counted", async () => {
    recordSchedulerPass({ startedAt: new Date(Date.now() - 60_000), finishedAt: new Date(Date.now() - 59_000), ok: true });
    expect((await check(base(), "scheduler")).check.state).toBe("degraded");
    expect((await check({ ...base(), schedulerIntervalMs: 0 }, "scheduler")).check.state).toBe("degraded");

    const release = [trackLiveConnection(), trackLiveConnection()];
    expect((await check(base(), "live")).check.detail).toBe("2 connected clients on this server");
    for (const done of release) done();
    expect((await check(base(), "live")).check.detail).toBe("0 connected clients on this server");
  });
});
