// Remix's request handler for Express (server.mjs), as @remix-run/express's with one difference: a request body the
// app stops reading is never the end of the connection. parseForm refuses a body over its limit with 413 and a
// message as soon as the limit passes, and cancels the body; @remix-run/express hands Remix the socket's own stream,
// whose cancel destroys the socket, so the client saw "connection reset" instead of the answer. Here
// the app reads a copy: cancelling it leaves the socket alone, the answer is written, and what the client still sends
// is then read and dropped, up to a bound, before the connection is closed in an orderly way (docs/decisions/0066).
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { PassThrough } from "node:stream";
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";
import type express from "express";

export const UNREAD_BODY_LIMITS = {
  /** The most bytes of a body the app did not read that are read and dropped after its answer, keeping the connection. */
  drainBytes: 16 * 1024 * 1024,
  /** How long the rest of such a body may take to arrive. */
  drainMs: 10_000,
  /** Past either bound the connection is ended (FIN, after the answer); what arrives meanwhile is dropped this long, then it is closed. */
  lingerMs: 2_000,
} as const;

type GetLoadContext = (req: express.Request, res: express.Response) => Promise<AppLoadContext> | AppLoadContext;

export function createRequestHandler({
  build,
  getLoadContext,
  mode = process.env.NODE_ENV,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext?: GetLoadContext;
  mode?: string;
}): express.RequestHandler {
  const handleRequest = createRemixHandler(build, mode);
  return async (req, res, next) => {
    try {
      const request = remixRequest(req, res);
      const loadContext = await getLoadContext?.(req, res);
      const response = await handleRequest(request, loadContext);
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/** The Fetch API request of an Express request (as @remix-run/express builds it), its body a copy of the socket's. */
function remixRequest(req: express.Request, res: express.Response): Request {
  // req.hostname has no port: take it from X-Forwarded-Host or Host (req.hostname follows the "trust proxy" setting).
  const portOf = (header: string | undefined) => Number.parseInt(header?.split(":")[1] ?? "", 10);
  const forwardedPort = portOf(req.get("X-Forwarded-Host"));
  const hostPort = portOf(req.get("Host"));
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: remixHeaders(req.headers), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const copy = new PassThrough();
    req.pipe(copy);
    // A body cut off midway (the client went away) is an error for whoever reads it, not a short body.
    req.once("error", (error) => copy.destroy(error));
    req.once("close", () => {
      if (!req.complete) copy.destroy(new Error("The request body was cut off."));
    });
    init.body = createReadableStreamFromReadable(copy);
    init.duplex = "half";
  }
  // Loaders and actions are aborted when the answer can no longer be written (`close` without `finish`).
  res.on("finish", () => {
    controller = null;
    settleUnreadBody(req);
  });
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

function remixHeaders(requestHeaders: IncomingMessage["headers"]): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

async function sendRemixResponse(res: express.Response, response: Response): Promise<void> {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/**
 * Once the answer is written: the rest of a body the app did not read (a form refused as too large, an action that
 * never read its body) is read and dropped, so the connection can carry the next request; past the bounds the
 * connection is ended after the answer and closed a little later, so the client reads the answer before the close.
 */
function settleUnreadBody(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  const socket = req.socket as Socket | null;
  req.unpipe();
  let drained = 0;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    if (!socket || socket.destroyed) return;
    socket.end();
    setTimeout(() => socket.destroy(), UNREAD_BODY_LIMITS.lingerMs).unref();
  };
  const timer = setTimeout(end, UNREAD_BODY_LIMITS.drainMs);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > UNREAD_BODY_LIMITS.drainBytes) end();
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}
