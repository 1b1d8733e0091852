// Route matching done once per route table in the server build (vite.config.ts; issue 17 §3). React Router's
// matchRoutes flattens and ranks the whole route table on every call and compiles a regular expression for every
// route pattern it tries, and a page render calls it two or three times (the router's own match, Remix's partial
// manifest for each parent path); RemixServer also rebuilt the route table's React Router form for every page:
// 10–15% of a small page's server CPU went there. This plugin changes the server build's copies (bundled,
// vite.config.ts `ssr.noExternal`; the browser's copies are left as they are) so that
// - @remix-run/router keeps a pattern's compiled expression (keyed by pattern, case sensitivity and `end`: a pure
//   function of them, and the patterns are the route table's, a finite set) and a route array's ranked branches (a
//   WeakMap on the array: the server never changes a route array once it matches with it);
// - RemixServer makes the React Router routes once per route manifest and set of route modules (the same for every
//   page of a build) instead of for each page, and the static router converts them once per route array, so the
//   matching above finds the same arrays page after page, and Remix's partial manifest keeps the routes matching
//   each parent path of a page ("/", "/listings", …) instead of matching them again for every page.
// Remix's server runtime matches with the same bundled router: vite.config.ts bundles @remix-run/server-runtime,
// @remix-run/node and @remix-run/express, and server.mjs takes its request handler from the build
// (docs/decisions/0044). The runtime makes its routes and its static handler once per build in production, so its
// route match and its static handler's find their ranked branches kept too. The build fails, naming this file,
// if the server build imports any of those packages from node_modules again (the runtime's matching would be the
// library's, and server.mjs's handler could see a second copy of the runtime).
// The match results are the library's own. When the library's text changes so that a replacement no longer applies,
// the build stops with this file's name: look at the new version (it may cache by itself) and update or drop this.
import type { Plugin } from "vite";

type Replacement = [name: string, from: string, to: string];

const ROUTER: Replacement[] = [
  [
    "compilePath",
    "function compilePath(path, caseSensitive, end) {",
    `const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive === true ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {`,
  ],
  [
    "matchRoutesImpl",
    "  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);",
    `  let branches = rankedBranchesOf.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesOf.set(routes, branches);
  }`,
  ],
  ["ranked branches cache", "function matchRoutesImpl(", "const rankedBranchesOf = new WeakMap();\nfunction matchRoutesImpl("],
  [
    "lower-cased path",
    "  let decoded = decodePath(pathname);",
    '  let decoded = decodePath(pathname);\n  let decodedLower = allowPartial ? "" : decoded.toLowerCase();',
  ],
  [
    "branches skipped by their leading words",
    "    matches = matchRouteBranch(branches[i], decoded, allowPartial);",
    "    if (allowPartial || mayMatchBranch(branches[i], decodedLower)) matches = matchRouteBranch(branches[i], decoded, allowPartial);",
  ],
  [
    "leading words of a branch",
    "function matchRouteBranch(",
    `// A branch's pattern starts with its literal segments (up to the first with a parameter, a splat or an optional
// mark); its expression only matches a path that starts with them, compared without case (the expressions' "i" flag),
// followed by "/" or the end. Checking that first skips most branches without running their expressions. Branches with
// a case-sensitive route, or literals that are not plain ASCII, are always tried. Never used for partial matches.
const leadingLiteralOf = new WeakMap();
function mayMatchBranch(branch, decodedLower) {
  let literal = leadingLiteralOf.get(branch);
  if (literal === undefined) {
    literal = "";
    if (!branch.routesMeta.some(meta => meta.caseSensitive)) {
      for (let segment of branch.path.split("/")) {
        if (segment === "") continue;
        if (!/^[A-Za-z0-9._~!$&'()+,;=@-]+$/.test(segment)) break;
        literal += "/" + segment.toLowerCase();
      }
    }
    leadingLiteralOf.set(branch, literal);
  }
  if (literal === "") return true;
  return decodedLower.startsWith(literal) && (decodedLower.length === literal.length || decodedLower.charCodeAt(literal.length) === 47);
}
function matchRouteBranch(`,
  ],
];

const REMIX_SERVER: Replacement[] = [
  [
    "RemixServer's routes",
    "  let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
    `  let made = serverRoutesOf.get(manifest.routes);
  if (made === undefined || !sameRouteModules(made.routeModules, routeModules)) {
    made = { routeModules, routes: createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode) };
    serverRoutesOf.set(manifest.routes, made);
  }
  let routes = made.routes;`,
  ],
  [
    "server routes cache",
    "function RemixServer(",
    `const serverRoutesOf = new WeakMap();
// Remix hands RemixServer a new object of route modules for each page; the modules in it are the build's own.
function sameRouteModules(made, given) {
  const ids = Object.keys(given);
  if (ids.length !== Object.keys(made).length) return false;
  for (const id of ids) if (made[id] !== given[id]) return false;
  return true;
}
function RemixServer(`,
  ],
];

const STATIC_ROUTER: Replacement[] = [
  [
    "createStaticRouter's data routes",
    "  let manifest = {};\n  let dataRoutes = UNSAFE_convertRoutesToDataRoutes(routes, UNSAFE_mapRouteProperties, undefined, manifest);",
    `  let converted = dataRoutesOf.get(routes);
  if (converted === undefined) {
    let manifest = {};
    converted = { manifest, dataRoutes: UNSAFE_convertRoutesToDataRoutes(routes, UNSAFE_mapRouteProperties, undefined, manifest) };
    dataRoutesOf.set(routes, converted);
  }
  let { manifest, dataRoutes } = converted;`,
  ],
  ["data routes cache", "function createStaticRouter(", "const dataRoutesOf = new WeakMap();\nfunction createStaticRouter("],
];

const PARTIAL_MANIFEST: Replacement[] = [
  [
    "getPartialManifest's parent matches",
    "    let matches = matchRoutes(router.routes, path, router.basename);\n    if (matches) {\n      matches.forEach(m => routeIds.add(m.route.id));\n    }",
    "    for (let id of parentRouteIds(router.routes, path, router.basename)) routeIds.add(id);",
  ],
  [
    "parent matches cache",
    "function getPartialManifest(",
    `const parentRouteIdsOf = new WeakMap();
// The route ids matching a parent path ("/", "/listings", …) of the page, kept per route array (bounded: a parent path
// can hold an id).
function parentRouteIds(routes, path, basename) {
  let known = parentRouteIdsOf.get(routes);
  if (known === undefined) {
    known = new Map();
    parentRouteIdsOf.set(routes, known);
  }
  let key = String(basename) + "\\0" + path;
  let ids = known.get(key);
  if (ids === undefined) {
    ids = (matchRoutes(routes, path, basename) || []).map(m => m.route.id);
    if (known.size >= 1000) known.clear();
    known.set(key, ids);
  }
  return ids;
}
function getPartialManifest(`,
  ],
];

const FILES: Array<[file: RegExp, replacements: Replacement[]]> = [
  [/\/node_modules\/@remix-run\/router\/dist\/router\.(js|cjs\.js)$/, ROUTER],
  [/\/node_modules\/@remix-run\/react\/dist\/esm\/server\.js$/, REMIX_SERVER],
  [/\/node_modules\/@remix-run\/react\/dist\/esm\/fog-of-war\.js$/, PARTIAL_MANIFEST],
  [/\/node_modules\/react-router-dom\/server\.mjs$/, STATIC_ROUTER],
];

/** Packages the server build must bundle, never import: the runtime's matching goes through the router changed here. */
export const BUNDLED_RUNTIME = ["@remix-run/router", "@remix-run/server-runtime", "@remix-run/node", "@remix-run/express"];

/** The bundled-runtime packages that the chunks of a build import from outside it. */
export function runtimeImportedFromOutside(chunks: Iterable<{ imports?: readonly string[]; dynamicImports?: readonly string[] }>): string[] {
  const outside = new Set<string>();
  for (const chunk of chunks) {
    for (const name of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
      if (BUNDLED_RUNTIME.some((runtime) => name === runtime || name.startsWith(`${runtime}/`))) outside.add(name);
    }
  }
  return [...outside];
}

export function routerMatchCache(): Plugin {
  return {
    name: "tradebench-router-match-cache",
    // The production build only: the development server reloads route modules, and keeps the libraries as they are.
    apply: "build",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr) return null;
      const file = id.split("?")[0];
      const replacements = FILES.find(([pattern]) => pattern.test(file))?.[1];
      if (!replacements) return null;
      let changed = code;
      for (const [name, from, to] of replacements) {
        if (changed.split(from).length !== 2) {
          throw new Error(`vite.router-match-cache.ts: ${id} no longer has the text this build changes (${name}); see the file's header.`);
        }
        changed = changed.replace(from, () => to);
      }
      return { code: changed, map: null };
    },
    generateBundle(_options, bundle) {
      const outside = runtimeImportedFromOutside(Object.values(bundle).map((file) => (file.type === "chunk" ? file : {})));
      if (outside.length > 0) {
        throw new Error(
          `vite.router-match-cache.ts: the build imports ${outside.join(", ")} from node_modules; vite.config.ts must bundle them (ssr.noExternal); see the file's header.`,
        );
      }
    },
  };
}
