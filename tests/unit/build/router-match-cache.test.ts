// The server build's route-matching cache (vite.router-match-cache.ts) applies to the installed @remix-run/router,
// @remix-run/react and react-router-dom, and matches exactly as the library does, repeated calls included.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { routerMatchCache } from "../../../vite.router-match-cache.ts";

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
interface RouterModule {
  matchRoutes(routes: RouteObject[], location: string, basename?: string): RouteMatch[] | null;
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
        { id: "not-found", path: "*" },
      ],
    },
  ];
}

const addresses = ["/", "/listings", "/listings/", "/listings/42", "/LISTINGS/42", "/listings/42/contact", "/listings/a%20b", "/auctions/7", "/About", "/about", "/help", "/de/help", "/orders/9", "/nowhere/at/all", "/listings/42/extra"];

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
    expect(transform(fs.readFileSync(partialManifest, "utf8"), partialManifest, { ssr: true })?.code).toContain("parentRouteIds(router.routes, path, router.basename)");
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
});
