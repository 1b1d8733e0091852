// Resource routes (route modules without a page: app/routes/*.ts, and .tsx ones without a default export) answered
// by Remix's own request handler in production mode, as the server answers them: a loader or action that throws or
// returns `data()`, a method the module has no handler for, an error — each becomes what a browser or script
// receives (Remix words an unhandled thrown `data()` as "Unexpected Server Error" and drops a returned one's status,
// which calling the handler directly does not show).
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { ROUTE_CONTEXT } from "./route-pages.tsx";

/** A route module as a build holds it. */
type RouteModule = Record<string, unknown>;

/** The URL pattern of a flat-routes file name: `uploads.listings.$id.$file.ts` → `uploads/listings/:id/:file`. */
export function routePath(file: string): string {
  return (
    file
      .replace(/\.(tsx?|jsx?)$/, "")
      // Dots inside [ ] are escaped characters of the address (bulk-upload[.csv] → /bulk-upload.csv), not separators.
      .split(/\.(?![^[]*\])/)
      .map((segment) => segment.replace(/\[([^\]]*)\]/g, "$1"))
      .filter((segment) => segment !== "_index")
      .map((segment) => segment.replace(/_$/, ""))
      .map((segment) => (segment === "$" ? "*" : segment.startsWith("$") ? `:${segment.slice(1)}` : segment))
      .join("/")
  );
}

/** Whether Remix serves this module as a resource route (no page of its own). */
export function isResourceRoute(module: RouteModule): boolean {
  return module.default == null && module.ErrorBoundary == null;
}

/** Remix's request handler over `modules` (file name → module), each under the app's root, in production mode. */
export function resourceServer(modules: ReadonlyMap<string, RouteModule>): (request: Request) => Promise<Response> {
  const routes: ServerBuild["routes"] = { root: { id: "root", path: "", module: {} as ServerBuild["routes"][string]["module"] } };
  for (const [file, module] of modules) {
    const id = `routes/${file.replace(/\.(tsx?|jsx?)$/, "")}`;
    routes[id] = {
      id,
      parentId: "root",
      path: routePath(file),
      index: undefined,
      caseSensitive: undefined,
      module: module as unknown as ServerBuild["routes"][string]["module"],
    };
  }
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
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
    // Pages are not what this serves: a document request is answered with its status only.
    entry: {
      module: {
        default: (_request: Request, status: number) => new Response(null, { status }),
        handleError: (error: unknown) => {
          if (process.env.DEBUG_REMIX) console.log("REMIX ERROR", error);
        },
      },
    },
    routes,
  };
  const handler = createRequestHandler(build as unknown as ServerBuild, "production");
  return (request) => handler(request, ROUTE_CONTEXT);
}
