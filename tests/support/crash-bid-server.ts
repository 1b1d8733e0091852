// The server the crash-durability suite kills (tests/integration/auctions/crash-durability.test.ts, and
// bench/crash-durability.mjs by default). It starts the way the production server does and answers bids exactly as
// its JSON endpoint does, without needing a production build (vitest runs before `npm run build` in `npm test`):
// - `prepareServer` (app/server-start.server.ts), the production start: configuration from the environment,
//   migrations and reference data on the database file (the first thing a restart after a crash does), and the
//   auction scheduler;
// - POST /api/auctions/{id}/bids → `answerBidApi` (app/web/bid-form.server.ts), the function server.mjs calls for
//   that endpoint: session cookie → session row, the bid form's schema, `placeBid` with its group commit on the app's
//   own database handle (`getDb`, opened with DATABASE_SYNCHRONOUS, FULL unless set), the same statuses and bodies;
// - GET /healthz → the health route's answer (`checkHealth` on the app's database handle).
// What it leaves out is Express, static files, the Origin check and Remix, none of which touches a commit.
//
// Prints "Crash bid server is ready on http://127.0.0.1:{port}" when listening (PORT, default 0: any free port).
// Usage: node --import tsx tests/support/crash-bid-server.ts (DATABASE_URL, SESSION_SECRET, … in the environment)
import http from "node:http";
import { getDb } from "~/db.server.ts";
import { prepareServer } from "~/server-start.server.ts";
import { checkHealth } from "~/services/platform/health.server.ts";
import { answerBidApi } from "~/web/bid-form.server.ts";

/** The endpoint's body limit in server.mjs. */
const BID_API_BODY_LIMIT = 4096;
const BID_PATH = /^\/api\/auctions\/([^/]+)\/bids$/;

function readBody(request: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BID_API_BODY_LIMIT) chunks.push(chunk);
    });
    request.on("end", () => resolve(size > BID_API_BODY_LIMIT ? null : Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  response.end(JSON.stringify(body));
}

async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://localhost");
  if (url.pathname === "/healthz") {
    const health = await checkHealth(getDb());
    sendJson(response, health.status === "ok" ? 200 : 503, health);
    return;
  }
  const bidPath = BID_PATH.exec(url.pathname);
  if (!bidPath || request.method !== "POST") {
    sendJson(response, 404, { ok: false, error: "Not found" });
    return;
  }
  const body = await readBody(request);
  if (body === null) {
    sendJson(response, 413, { ok: false, error: "This bid form is too large." });
    return;
  }
  const bid = await answerBidApi({
    auctionId: bidPath[1]!,
    cookie: request.headers.cookie ?? null,
    contentType: request.headers["content-type"] ?? null,
    body,
  });
  sendJson(response, bid.status, bid.body);
}

await prepareServer();
const server = http.createServer((request, response) => {
  answer(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) sendJson(response, 500, { ok: false, error: "Unexpected Server Error" });
    else response.destroy();
  });
});
server.keepAliveTimeout = 30_000;
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(`Crash bid server is ready on http://127.0.0.1:${port}\n`);
});
