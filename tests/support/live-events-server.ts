// One app server of tests/integration/platform/live-events-servers.test.ts: two of these on one PostgreSQL database
// are two app servers. It starts as the production server does and answers, like server.mjs, without needing a build
// (vitest runs before `npm run build`; the same way as tests/support/crash-bid-server.ts):
// - `prepareServer` (app/server-start.server.ts): configuration from the environment, migrations, reference data;
// - POST /api/auctions/{id}/bids → `answerBidApi`, the function server.mjs calls for that endpoint;
// - GET /events → the SSE route's own loader (app/routes/events.ts), streamed as it answers, on this process's
//   live-event bus (getLiveEventBus: PostgreSQL LISTEN/NOTIFY when DATABASE_URL is postgres://).
// Prints "Live events server is ready on http://127.0.0.1:{port}" when listening (PORT, default 0: any free port).
// Usage: node --import tsx tests/support/live-events-server.ts (DATABASE_URL, SESSION_SECRET, … in the environment)
import http from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { loader as eventsLoader } from "~/routes/events.ts";
import { prepareServer } from "~/server-start.server.ts";
import { answerBidApi } from "~/web/bid-form.server.ts";

const BID_PATH = /^\/api\/auctions\/([^/]+)\/bids$/;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

async function answer(request: http.IncomingMessage, response: http.ServerResponse, origin: string): Promise<void> {
  const url = new URL(request.url ?? "/", origin);
  if (url.pathname === "/events" && request.method === "GET") {
    const closed = new AbortController();
    response.on("close", () => closed.abort());
    const headers = new Headers();
    if (request.headers.cookie) headers.set("Cookie", request.headers.cookie);
    const answered = (await eventsLoader({
      request: new Request(url, { headers, signal: closed.signal }),
      params: {},
      context: { cspNonce: "", clientIp: "127.0.0.1" },
    })) as Response;
    response.writeHead(answered.status, Object.fromEntries(answered.headers));
    response.flushHeaders();
    if (answered.body) Readable.fromWeb(answered.body as NodeReadableStream<Uint8Array>).pipe(response);
    else response.end();
    return;
  }
  const bidPath = BID_PATH.exec(url.pathname);
  if (bidPath && request.method === "POST") {
    const bid = await answerBidApi({
      auctionId: bidPath[1]!,
      cookie: request.headers.cookie ?? null,
      contentType: request.headers["content-type"] ?? null,
      body: await readBody(request),
    });
    response.writeHead(bid.status, { "Content-Type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(bid.body));
    return;
  }
  response.writeHead(404).end();
}

await prepareServer();
const server = http.createServer((request, response) => {
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  answer(request, response, origin).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500).end();
    else response.destroy();
  });
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(`Live events server is ready on http://127.0.0.1:${port}\n`);
});
