// 30 parallel accepts of one offer against the production build (1 order, 4 × 409 and 25 × 500 "render
// aborted"), with admission control off (REQUEST_CONCURRENCY=0, the "before") and at its default, in one run. Each
// pass starts `node server.mjs` on a fresh SQLite database with the demo data, signs in as the demo seller, takes the
// first offer on /offers?tab=received and sends the accepts at once as a browser without JavaScript would (document
// POSTs); then 60 parallel page loads of /listings. Prints the statuses, the Retry-After seen and the slowest answer.
// Usage: npm run build && node bench/parallel-accepts.mjs [--parallel 30]
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort, startProcess, stopProcess, waitForOk } from "./processes.mjs";

const { values } = parseArgs({ options: { parallel: { type: "string", default: "30" } } });
const parallel = Number(values.parallel);
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(2);
}

function tally(answers) {
  const counts = new Map();
  for (const answer of answers) counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");
}

async function timed(work) {
  const started = performance.now();
  const answer = await work();
  return { ...answer, ms: performance.now() - started };
}

async function pass(label, env) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parallel-accepts-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { child, output } = startProcess(["server.mjs"], {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: path.join(dir, "tradebench.sqlite"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    BUILD_DIR: buildDir,
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
    PUBLIC_URL: base,
    COOKIE_SECURE: "0",
    AUCTION_SCHEDULER_INTERVAL_MS: "0",
    ...env,
  });
  try {
    await waitForOk(`${base}/healthz`, child, output, 600_000);
    const login = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ email: "seller@tradebench.test", password: "tradebench-demo" }),
    });
    const cookie = (login.headers.getSetCookie?.() ?? []).map((line) => line.split(";")[0]).join("; ");
    if (!cookie) throw new Error(`Sign-in failed (${login.status}).`);
    const offers = await (await fetch(`${base}/offers?tab=received`, { headers: { Cookie: cookie } })).text();
    // The first offer whose form has an Accept button (the others wait for the buyer's answer).
    const offerId = offers
      .split("<form")
      .map((form) => ({ id: /name="offerId" value="(\d+)"/.exec(form)?.[1], accept: form.includes('value="accept"') }))
      .find((form) => form.id && form.accept)?.id;
    if (!offerId) throw new Error("The demo seller has no offer to accept.");
    const accepts = await Promise.all(
      Array.from({ length: parallel }, () =>
        timed(async () => {
          const response = await fetch(`${base}/offers`, {
            method: "POST",
            redirect: "manual",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie, Accept: "text/html" },
            body: new URLSearchParams({ intent: "accept", offerId, tab: "received" }),
          });
          const text = await response.text();
          if (process.env.DEBUG_BENCH && response.status >= 400)
            console.log(
              text
                .replace(/<[^>]+>/g, " ")
                .replace(/\s+/g, " ")
                .slice(-600),
            );
          return { status: response.status, retryAfter: response.headers.get("Retry-After") };
        }),
      ),
    );
    const pages = await Promise.all(
      Array.from({ length: parallel * 2 }, (_, i) =>
        timed(async () => {
          const response = await fetch(`${base}/listings?page=${(i % 5) + 1}`, { headers: { Accept: "text/html" } });
          await response.arrayBuffer();
          return { status: response.status, retryAfter: response.headers.get("Retry-After") };
        }),
      ),
    );
    const slowest = (answers) => `${Math.round(Math.max(...answers.map((answer) => answer.ms)))} ms`;
    const retryAfter = (answers) => [...new Set(answers.filter((answer) => answer.status === 503).map((answer) => answer.retryAfter))].join(",") || "-";
    console.log(`${label}`);
    console.log(`  ${parallel} accepts of offer ${offerId}: ${tally(accepts)}   (Retry-After on 503: ${retryAfter(accepts)}; slowest ${slowest(accepts)})`);
    console.log(`  ${parallel * 2} /listings pages:    ${tally(pages)}   (Retry-After on 503: ${retryAfter(pages)}; slowest ${slowest(pages)})`);
    const aborted = output.join("").match(/render aborted|aborted/gi)?.length ?? 0;
    console.log(`  "aborted" in the server's log: ${aborted}`);
  } finally {
    await stopProcess(child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`== ${parallel} parallel accepts, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`);
await pass("admission control off (REQUEST_CONCURRENCY=0, as before)", { REQUEST_CONCURRENCY: "0" });
await pass("admission control on (defaults: 8 at once, queue 200, wait 15 s)", {});
