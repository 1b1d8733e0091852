// An oversized form answered over a real connection: a 200 KB password on /login, an 8 MB body on
// /newsletter, an oversized multipart form. The server is the app's own Express handler (the one server.mjs takes
// from the build, app/web/http-request-handler.server.ts) over Remix's production request handler with the real
// route modules; the client is node:http sending the whole body without `Expect: 100-continue`, as browsers do.
// Before, parseForm's cancel of the body destroyed the socket and the client read "connection reset" (ECONNRESET).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequestHandler as createExpressRemixHandler } from "@remix-run/express";
import type { EntryContext, ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { createRequestHandler, UNREAD_BODY_LIMITS } from "~/web/http-request-handler.server.ts";
import { FORM_MESSAGES } from "~/web/form-data.server.ts";
import { MULTIPART_MESSAGES } from "~/web/multipart.server.ts";
import { routePath } from "../../support/remix-resources.ts";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { pageRoute, renderPage, ROUTE_CONTEXT, type RouteModule } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const loginRoute = await import("~/routes/login.tsx");
const newsletterRoute = await import("~/routes/newsletter.tsx");

/**
 * A production build of the two routes. Its document entry writes the status and each route error's message where
 * the app's entry renders the page (the page itself, GeneralErrorBoundary with the message, has its own test below).
 */
function build(): ServerBuild {
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: {} as ServerBuild["routes"][string]["module"] } };
  for (const [file, module] of [
    ["login.tsx", loginRoute],
    ["newsletter.tsx", newsletterRoute],
  ] as const) {
    const id = `routes/${file.replace(/\.tsx$/, "")}`;
    routes[id] = {
      id,
      parentId: "root",
      path: routePath(file),
      index: undefined,
      caseSensitive: undefined,
      module: module as unknown as ServerBuild["routes"][string]["module"],
    };
  }
  const page = (_request: Request, status: number, headers: Headers, context: EntryContext) => {
    const errors = Object.values(context.staticHandlerContext.errors ?? {}) as Array<{ data?: { message?: string } }>;
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(`<!DOCTYPE html><main>${errors.map((error) => `<p>${error.data?.message ?? ""}</p>`).join("")}</main>`, { status, headers });
  };
  return {
    mode: "production",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
      v3_singleFetch: true,
      v3_routeConfig: false,
    },
    basename: undefined,
    publicPath: "/assets/",
    assetsBuildDirectory: "build/client",
    isSpaMode: false,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    entry: { module: { default: page, handleError: () => undefined } },
    routes,
  } as unknown as ServerBuild;
}

let opened: OpenedDatabase;
const servers: http.Server[] = [];

async function listen(handler: express.RequestHandler): Promise<string> {
  const app = express();
  app.all("*", handler);
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise<void>((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let appServer: string;
let stockServer: string;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  const options = { build: build(), mode: "production", getLoadContext: () => ROUTE_CONTEXT };
  appServer = await listen(createRequestHandler(options));
  stockServer = await listen(createExpressRemixHandler(options));
});

afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await opened.close();
});

interface Answer {
  status: number | null;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** What the connection did: "answered", or the error the client saw before the answer ended (ECONNRESET). */
  outcome: string;
}

/** POSTs `body` with Content-Length and no Expect header, as a browser sends a form. */
function send(origin: string, path: string, contentType: string, body: Buffer, agent?: http.Agent): Promise<Answer> {
  return new Promise((resolve) => {
    const answer: Answer = { status: null, headers: {}, text: "", outcome: "no answer" };
    const request = http.request(`${origin}${path}`, {
      method: "POST",
      agent,
      headers: { "Content-Type": contentType, "Content-Length": String(body.length), Origin: origin },
    });
    let settled = false;
    const settle = (outcome: string) => {
      if (settled) return;
      settled = true;
      answer.outcome = outcome;
      resolve(answer);
    };
    request.on("response", (response) => {
      answer.status = response.statusCode ?? null;
      answer.headers = response.headers;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (answer.text += chunk));
      response.on("end", () => settle("answered"));
      response.on("error", (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
    });
    // An error after the whole answer arrived (the server ended a connection still sending) is not what a user sees.
    request.on("error", (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
    // One write of the whole body (node:http's request stops emitting "drain" once the answer has ended).
    request.end(body);
  });
}

const urlencoded = "application/x-www-form-urlencoded";
const loginBody = (passwordBytes: number) => Buffer.from(`email=ann%40example.com&password=${"p".repeat(passwordBytes)}`);
const newsletterBody = (bytes: number) => Buffer.from(`email=ann%40example.com&note=${"x".repeat(bytes)}`);

describe("an oversized form over HTTP", () => {
  it("was a reset connection with @remix-run/express's handler (the reason for the app's own)", async () => {
    const answer = await send(stockServer, "/login", urlencoded, loginBody(200 * 1024));
    expect(answer.outcome).not.toBe("answered");
  });

  it("answers a 200 KB password on /login with 413 and the message", async () => {
    const answer = await send(appServer, "/login", urlencoded, loginBody(200 * 1024));
    expect(answer).toMatchObject({ outcome: "answered", status: 413 });
    expect(answer.text).toContain(FORM_MESSAGES.tooLarge);
  });

  it("answers an 8 MB body on /newsletter with 413 and the message, and the connection carries the next request", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const answer = await send(appServer, "/newsletter", urlencoded, newsletterBody(8 * 1024 * 1024), agent);
      expect(answer).toMatchObject({ outcome: "answered", status: 413 });
      expect(answer.text).toContain(FORM_MESSAGES.tooLarge);
      // The rest of the 8 MB was read and dropped (within the drain bound): the same connection takes the next form.
      const next = await send(appServer, "/login", urlencoded, loginBody(10), agent);
      expect(next.outcome).toBe("answered");
      expect(next.status).not.toBe(413);
    } finally {
      agent.destroy();
    }
  });

  it("answers a body past the drain bound with 413 and the message before it ends the connection", async () => {
    const answer = await send(appServer, "/newsletter", urlencoded, newsletterBody(UNREAD_BODY_LIMITS.drainBytes + 4 * 1024 * 1024));
    expect(answer.status).toBe(413);
    expect(answer.text).toContain(FORM_MESSAGES.tooLarge);
  });

  it("answers the single-fetch request of a page with JavaScript (/login.data) with 413 and the message", async () => {
    const answer = await send(appServer, "/login.data", urlencoded, loginBody(200 * 1024));
    expect(answer).toMatchObject({ outcome: "answered", status: 413 });
    expect(answer.text).toContain(FORM_MESSAGES.tooLarge);
  });

  it("answers an oversized multipart form with 413 and the message", async () => {
    const boundary = "----tradebench413";
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nann@example.com\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${"p".repeat(300 * 1024)}\r\n--${boundary}--\r\n`,
    );
    const answer = await send(appServer, "/login", `multipart/form-data; boundary=${boundary}`, body);
    expect(answer).toMatchObject({ outcome: "answered", status: 413 });
    expect(answer.text).toMatch(new RegExp(`${escape(FORM_MESSAGES.tooLarge)}|${escape(MULTIPART_MESSAGES.tooLarge)}`));
  });

  it("still takes a form within its limit", async () => {
    const answer = await send(appServer, "/newsletter", urlencoded, Buffer.from("email=not-an-address"));
    expect(answer).toMatchObject({ outcome: "answered", status: 400 });
  });
});

describe("the page of an oversized form", () => {
  it("is the sign-in page's error page: 413 and the message, not 'Something went wrong'", async () => {
    const request = new Request("http://localhost/login", {
      method: "POST",
      headers: { "Content-Type": urlencoded, Origin: "http://localhost" },
      body: loginBody(200 * 1024),
    });
    const page = await renderPage([pageRoute("/login", { ...(loginRoute as unknown as RouteModule), ErrorBoundary: GeneralErrorBoundary })], request);
    expect(page.status).toBe(413);
    expect(page.text).toContain(FORM_MESSAGES.tooLarge);
    expect(page.text).not.toContain("Something went wrong");
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
