// Admission control (server-guards.mjs): under load a request waits its turn or is refused with 503 and
// Retry-After before its work starts, never aborted midway. The work here is what made the 500s: a page rendered in
// slices (React yields between them) with a deadline from its start, like app/entry.server.tsx's render timeout; 30
// at once each took longer than the deadline. Nothing here is a timed assertion of speed: the deadline is generous
// for one request at a time, and the test counts statuses and how many requests were worked on at once.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { admissionControl, admissionLimits, BUSY_MESSAGE, neverQueued } from "../../../server-guards.mjs";

const servers: Server[] = [];

afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

interface Limits {
  maxInFlight: number;
  maxQueued: number;
  maxWaitMs: number;
}

/** A server whose every request is `slices` slices of `sliceMs` of CPU, failing with 500 past `deadlineMs` from its start. */
async function start(limits: Limits, work: { slices: number; sliceMs: number; deadlineMs: number }) {
  const app = express();
  const control = admissionControl({ ...limits, retryAfterSeconds: 3, bypass: neverQueued });
  let working = 0;
  let mostAtOnce = 0;
  app.use(control);
  app.get("/healthz", (_req, res) => void res.send("ok"));
  app.all("*", async (_req, res) => {
    working += 1;
    mostAtOnce = Math.max(mostAtOnce, working);
    const started = performance.now();
    try {
      for (let slice = 0; slice < work.slices; slice += 1) {
        const until = performance.now() + work.sliceMs;
        while (performance.now() < until);
        await new Promise((resolve) => setImmediate(resolve));
        if (performance.now() - started > work.deadlineMs) {
          res.status(500).send("render aborted");
          return;
        }
      }
      res.status(200).send("page");
    } finally {
      working -= 1;
    }
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, mostAtOnce: () => mostAtOnce, stats: () => control.stats() };
}

async function together(origin: string, count: number, path = "/offers/1/accept") {
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${origin}${path}`, { method: "POST", headers: { Accept: "text/html" } }).then(async (response) => ({
        status: response.status,
        retryAfter: response.headers.get("Retry-After"),
        text: await response.text(),
      })),
    ),
  );
  const statuses: Record<number, number> = {};
  for (const answer of answers) statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
  return { answers, statuses };
}

describe("admission control", () => {
  // 30 × 30 slices of 2 ms: about 1.8 s of CPU in all, 60 ms for one request alone; the deadline is 1 s.
  const work = { slices: 30, sliceMs: 2, deadlineMs: 1_000 };

  it("turned off (REQUEST_CONCURRENCY=0), 30 requests at once overrun the deadline: the 500s of the probe", async () => {
    const server = await start({ maxInFlight: 0, maxQueued: 0, maxWaitMs: 1 }, work);
    const { statuses } = await together(server.origin, 30);
    expect(statuses[500] ?? 0).toBeGreaterThan(0);
  });

  it("works on a few at a time and queues the rest: 30 requests at once all answer 200, none 500", async () => {
    const server = await start({ maxInFlight: 2, maxQueued: 200, maxWaitMs: 60_000 }, work);
    const { statuses } = await together(server.origin, 30);
    expect(statuses).toEqual({ 200: 30 });
    expect(server.mostAtOnce()).toBeLessThanOrEqual(2);
    expect(server.stats()).toEqual({ inFlight: 0, queued: 0 });
  });

  it("sheds what the queue cannot hold with 503, Retry-After and the message, before any work", async () => {
    const server = await start({ maxInFlight: 2, maxQueued: 3, maxWaitMs: 60_000 }, work);
    const { answers, statuses } = await together(server.origin, 30);
    // The 30 arrive over a few milliseconds: at least the 2 worked on and the 3 queued get their page.
    expect(Object.keys(statuses).sort()).toEqual(["200", "503"]);
    expect(statuses[200]).toBeGreaterThanOrEqual(5);
    for (const answer of answers.filter((one) => one.status === 503)) {
      expect(answer.retryAfter).toBe("3");
      expect(answer.text).toContain(BUSY_MESSAGE);
    }
    expect(server.mostAtOnce()).toBeLessThanOrEqual(2);
  });

  it("answers 503 to a request that waited longer than the queue's wait, and JSON to a script", async () => {
    const server = await start({ maxInFlight: 1, maxQueued: 10, maxWaitMs: 20 }, { slices: 100, sliceMs: 2, deadlineMs: 60_000 });
    const first = fetch(`${server.origin}/slow`, { method: "POST" });
    await expect.poll(() => server.stats().inFlight).toBe(1);
    const waited = await fetch(`${server.origin}/slow`, { method: "POST", headers: { Accept: "application/json" } });
    expect(waited.status).toBe(503);
    expect(waited.headers.get("Retry-After")).toBe("3");
    expect(await waited.json()).toEqual({ message: BUSY_MESSAGE });
    expect((await first).status).toBe(200);
  });

  it("never holds /healthz", async () => {
    const server = await start({ maxInFlight: 1, maxQueued: 0, maxWaitMs: 60_000 }, { slices: 100, sliceMs: 2, deadlineMs: 60_000 });
    const busy = fetch(`${server.origin}/slow`, { method: "POST" });
    await expect.poll(() => server.stats().inFlight).toBe(1);
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.origin}/other`, { method: "POST" })).status).toBe(503);
    await busy;
  });

  it("reads its limits from the environment, and refuses a malformed one", () => {
    expect(admissionLimits(env({}))).toEqual({ maxInFlight: 8, maxQueued: 200, maxWaitMs: 15_000 });
    expect(admissionLimits(env({ REQUEST_CONCURRENCY: "0", REQUEST_QUEUE: "5", REQUEST_QUEUE_WAIT_MS: "100" }))).toEqual({
      maxInFlight: 0,
      maxQueued: 5,
      maxWaitMs: 100,
    });
    expect(() => admissionLimits(env({ REQUEST_CONCURRENCY: "many" }))).toThrow("REQUEST_CONCURRENCY: use a whole number, at least 0");
  });
});

/** A process environment holding only the given settings. */
function env(values: Record<string, string>): NodeJS.ProcessEnv {
  return { ...values } as NodeJS.ProcessEnv;
}
