// The server build's route-matching cache (vite.router-match-cache.ts) applies to the installed @remix-run/router,
// @remix-run/react and react-router-dom, and matches exactly as the library does, repeated calls included, also as
// Remix's server runtime uses the router (its route match and its static handler's query).
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { routerMatchCache, runtimeImportedFromOutside } from "../../../vite.router-match-cache.ts";

interface RouteObject {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteObject[];
}
interface RouteMatch {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: RouteObject;
}
interface StaticContext {
  statusCode: number;
  matches: RouteMatch[];
  loaderData: Record<string, unknown>;
  errors: Record<string, { status?: number; statusText?: string }> | null;
}
interface RouterModule {
  matchRoutes(routes: RouteObject[], location: string, basename?: string): RouteMatch[] | null;
  createStaticHandler(routes: RouteObject[]): { query(request: Request): Promise<StaticContext | Response> };
}
interface RuntimeMatchingModule {
  matchServerRoutes(routes: RouteObject[], pathname: string, basename?: string): RouteMatch[] | null;
}

const require = createRequire(import.meta.url);
const routerFile = require.resolve("@remix-run/router").replace(/router\.cjs\.js$/, "router.js");
// Inside the project: the test runner loads modules from its own folders only.
const tmpRoot = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");
fs.mkdirSync(tmpRoot, { recursive: true });
const folder = fs.mkdtempSync(path.join(tmpRoot, "router-match-cache-"));

type TransformHook = (code: string, id: string, options?: { ssr?: boolean }) => { code: string } | null;
const transform = routerMatchCache().transform as unknown as TransformHook;

async function loadRouter(changed: boolean): Promise<RouterModule> {
  const source = fs.readFileSync(routerFile, "utf8");
  const code = changed ? transform(source, routerFile, { ssr: true })?.code : source;
  if (!code) throw new Error("the plugin left the router unchanged");
  const file = path.join(folder, changed ? "cached.mjs" : "original.mjs");
  fs.writeFileSync(file, code.replace(/^\/\/# sourceMappingURL=.*$/m, "")); // its map is not copied
  return import(pathToFileURL(file).href) as Promise<RouterModule>;
}

/** Remix's server runtime's route matching (its ES module) over the unchanged or the changed router. */
async function loadRuntimeMatching(changed: boolean): Promise<RuntimeMatchingModule> {
  await loadRouter(changed);
  const runtimeFile = path.join(path.dirname(require.resolve("@remix-run/server-runtime")), "esm", "routeMatching.js");
  const source = fs.readFileSync(runtimeFile, "utf8");
  const code = source.replace("from '@remix-run/router'", `from './${changed ? "cached" : "original"}.mjs'`);
  if (code === source) throw new Error("the server runtime no longer imports matchRoutes from @remix-run/router");
  const file = path.join(folder, changed ? "runtime-cached.mjs" : "runtime-original.mjs");
  fs.writeFileSync(file, code);
  return import(pathToFileURL(file).href) as Promise<RuntimeMatchingModule>;
}

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/** A route table shaped like the app's: a root layout, index routes, params, a pathless layout, an optional segment, a splat. */
function routeTable(): RouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "listings", path: "listings", children: [{ id: "listings-index", index: true }] },
        { id: "listing", path: "listings/:id" },
        { id: "listing-contact", path: "listings/:id/contact" },
        { id: "auctions", path: "auctions", index: false },
        { id: "auction", path: "auctions/:id" },
        { id: "case", path: "About", caseSensitive: true },
        { id: "lang", path: ":lang?/help" },
        { id: "layout", children: [{ id: "in-layout", path: "orders/:orderId" }] },
        { id: "report", path: "admin/reports.csv" },
        { id: "not-found", path: "*" },
      ],
    },
  ];
}

const addresses = [
  "/",
  "/listings",
  "/listings/",
  "/listings/42",
  "/LISTINGS/42",
  "/listings/42/contact",
  "/listings/a%20b",
  "/auctions/7",
  "/About",
  "/about",
  "/help",
  "/de/help",
  "/orders/9",
  "/nowhere/at/all",
  "/listings/42/extra",
  "/listings//42",
  "/listingsx/1",
  "//listings",
  "/auctions/",
  "/Auctions/7/",
  "/orders/9/",
  "/abOut",
  "/admin/reports.csv",
  "/admin/REPORTS.CSV",
  "/admin/reports.csvx",
  "/admin/reports/csv",
  "/de/HELP",
];

function summary(matches: RouteMatch[] | null) {
  return matches?.map((match) => ({ id: match.route.id, params: match.params, pathname: match.pathname, base: match.pathnameBase })) ?? null;
}

describe("route matching in the server build", () => {
  it("changes the installed router (the build fails if its text no longer fits)", () => {
    const changed = transform(fs.readFileSync(routerFile, "utf8"), routerFile, { ssr: true });
    expect(changed?.code).toContain("rankedBranchesOf");
    expect(changed?.code).toContain("compiledPaths");
    // The browser's copy is left as it is.
    expect(transform("unchanged", routerFile, { ssr: false })).toBeNull();
  });

  it("changes the installed RemixServer and static router so the route table is made once per build", () => {
    const remixServer = require.resolve("@remix-run/react").replace(/dist\/index\.js$/, "dist/esm/server.js");
    const staticRouter = require.resolve("react-router-dom/server.mjs");
    expect(transform(fs.readFileSync(remixServer, "utf8"), remixServer, { ssr: true })?.code).toContain("serverRoutesOf.get(manifest.routes)");
    expect(transform(fs.readFileSync(staticRouter, "utf8"), staticRouter, { ssr: true })?.code).toContain("dataRoutesOf.get(routes)");
    const partialManifest = remixServer.replace(/server\.js$/, "fog-of-war.js");
    expect(transform(fs.readFileSync(partialManifest, "utf8"), partialManifest, { ssr: true })?.code).toContain(
      "parentRouteIds(router.routes, path, router.basename)",
    );
  });

  it("matches every address as the library does, on first and repeated calls and on a new route table", async () => {
    const [original, cached] = await Promise.all([loadRouter(false), loadRouter(true)]);
    const routes = routeTable();
    for (const round of [1, 2]) {
      for (const address of addresses) {
        expect(summary(cached.matchRoutes(routes, address)), `${address} (round ${round})`).toEqual(summary(original.matchRoutes(routeTable(), address)));
      }
    }
    // Routes of another table are never answered from the first table's branches.
    const other: RouteObject[] = [{ id: "other-root", path: "", children: [{ id: "only", path: "only/:x" }] }];
    expect(summary(cached.matchRoutes(other, "/only/1"))).toEqual([
      { id: "other-root", params: { x: "1" }, pathname: "/", base: "/" },
      { id: "only", params: { x: "1" }, pathname: "/only/1", base: "/only/1" },
    ]);
    expect(cached.matchRoutes(other, "/listings")).toBeNull();
    // The matched route objects are the table's own.
    expect(cached.matchRoutes(routes, "/listings/5")?.[1]?.route).toBe(routes[0].children?.[2]);
  });

  it("matches in Remix's server runtime and its static handler as with the library, request after request", async () => {
    const [original, cached] = await Promise.all([loadRouter(false), loadRouter(true)]);
    const [originalRuntime, cachedRuntime] = await Promise.all([loadRuntimeMatching(false), loadRuntimeMatching(true)]);
    // As in production: the runtime makes its routes and its static handler once, then answers every request with them.
    const routes = routeTable();
    const withLoaders = (table: RouteObject[]): RouteObject[] =>
      table.map((route) => ({
        ...route,
        loader: ({ params }: { params: Record<string, string | undefined> }) => ({ route: route.id, params }),
        children: route.children && withLoaders(route.children),
      }));
    const originalHandler = original.createStaticHandler(withLoaders(routeTable()));
    const cachedHandler = cached.createStaticHandler(withLoaders(routeTable()));
    const answer = async (handler: ReturnType<RouterModule["createStaticHandler"]>, address: string) => {
      const context = await handler.query(new Request(`http://tradebench.test${address}`));
      if (context instanceof Response) return { status: context.status, location: context.headers.get("Location") };
      const errors =
        context.errors && Object.fromEntries(Object.entries(context.errors).map(([id, error]) => [id, { status: error.status, statusText: error.statusText }]));
      return { status: context.statusCode, matches: summary(context.matches), loaderData: context.loaderData, errors };
    };
    for (const round of [1, 2]) {
      for (const address of addresses) {
        const pathname = new URL(`http://tradebench.test${address}`).pathname;
        expect(summary(cachedRuntime.matchServerRoutes(routes, pathname)), `${address} (round ${round})`).toEqual(
          summary(originalRuntime.matchServerRoutes(routeTable(), pathname)),
        );
        expect(await answer(cachedHandler, address), `${address} (round ${round})`).toEqual(await answer(originalHandler, address));
      }
    }
    expect(await answer(cachedHandler, "/listings/42")).toMatchObject({ status: 200, loaderData: { listing: { route: "listing", params: { id: "42" } } } });
  });

  it("fails the build when the server build imports the runtime or the router from node_modules", () => {
    expect(runtimeImportedFromOutside([{ imports: ["react", "react-dom/server", "node:fs"] }, {}])).toEqual([]);
    expect(
      runtimeImportedFromOutside([
        { imports: ["react", "@remix-run/node"] },
        { imports: ["@remix-run/router"], dynamicImports: ["@remix-run/express/dist/server.js"] },
      ]),
    ).toEqual(["@remix-run/node", "@remix-run/router", "@remix-run/express/dist/server.js"]);
    // Only these packages: a name that merely begins like one is another package.
    expect(runtimeImportedFromOutside([{ imports: ["@remix-run/react", "@remix-run/node-fetch-server"] }])).toEqual([]);
  });
});
