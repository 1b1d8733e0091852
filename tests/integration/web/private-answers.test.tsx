// A member's pages and their `.data` answers say `Cache-Control: private, no-store`, answered by
// Remix's own request handler with the app's real server entry (app/entry.server.tsx: handleRequest renders the page,
// handleDataRequest sees every `.data` answer); a visitor's page keeps no such header.
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { ROUTE_CONTEXT, sessionCookie } from "../../support/route-pages.tsx";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const entry = await import("~/entry.server.tsx");
const { PRIVATE_CACHE_CONTROL } = await import("~/web/private-answers.server.ts");

let opened: OpenedDatabase;
let cookie: string;

type Module = ServerBuild["routes"][string]["module"];

/** Remix in production mode over a root and one page whose loader says who is asking, with the app's entry module. */
function server(): (request: Request) => Promise<Response> {
  const root = { default: () => <Outlet />, loader: () => ({ root: true }) } as unknown as Module;
  const page = { default: () => <p>page</p>, loader: () => ({ page: true }) } as unknown as Module;
  const build = {
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
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/root.js",
          hasLoader: true,
          hasAction: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasErrorBoundary: false,
          imports: [],
        },
        "routes/profile": {
          id: "routes/profile",
          parentId: "root",
          path: "profile",
          module: "/profile.js",
          hasLoader: true,
          hasAction: false,
          hasClientAction: false,
          hasClientLoader: false,
          hasErrorBoundary: false,
          imports: [],
        },
      },
      url: "/manifest.js",
      version: "test",
    },
    entry: { module: entry },
    routes: {
      root: { id: "root", path: "", module: root },
      "routes/profile": { id: "routes/profile", parentId: "root", path: "profile", index: undefined, caseSensitive: undefined, module: page },
    },
  };
  const handler = createRequestHandler(build as unknown as ServerBuild, "production");
  return (request) => handler(request, ROUTE_CONTEXT);
}

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  cookie = await sessionCookie(opened.db, await insertUserRow(opened.db, "member@example.test"));
});

afterAll(async () => {
  database.current = undefined;
  await opened?.close();
});

describe("Cache-Control of pages and .data answers", () => {
  const answer = server();
  const get = (path: string, withCookie: boolean) => answer(new Request(`http://localhost${path}`, { headers: withCookie ? { Cookie: cookie } : {} }));

  it("is private, no-store on a signed-in member's page", async () => {
    const response = await get("/profile", true);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("page");
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("is private, no-store on the page's .data answer", async () => {
    const response = await get("/profile.data", true);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/x-script");
    expect(response.headers.get("Cache-Control")).toBe(PRIVATE_CACHE_CONTROL);
  });

  it("is absent for a visitor without a session", async () => {
    for (const path of ["/profile", "/profile.data"]) {
      const response = await get(path, false);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBeNull();
    }
  });

  it("ignores a forged session cookie", async () => {
    const response = await answer(new Request("http://localhost/profile", { headers: { Cookie: "__session=forged" } }));
    expect(response.headers.get("Cache-Control")).toBeNull();
  });
});
