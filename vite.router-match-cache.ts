// Route matching done once per route table in the server build (vite.config.ts; issue 17 §3). React Router's
// matchRoutes flattens and ranks the whole route table on every call and compiles a regular expression for every
// route pattern it tries, and a page render calls it two or three times (the router's own match, Remix's partial
// manifest for each parent path): 10–15% of a small page's server CPU went there. This plugin changes the server
// build's copy of @remix-run/router (bundled, vite.config.ts `ssr.noExternal`) so that
// - a pattern's compiled expression is kept (keyed by pattern, case sensitivity and `end`: a pure function of them,
//   and the patterns are the route table's, a finite set), and
// - a route array's ranked branches are kept for that array (a WeakMap on the array: the server never changes a
//   route array once it matches with it; the browser's copy, which patches routes in as it discovers them, is left
//   as it is).
// The match results are the library's own. When the library's text changes so that a replacement no longer applies,
// the build stops with this file's name: look at the new version (it may cache by itself) and update or drop this.
import type { Plugin } from "vite";

const ROUTER_FILE = /\/node_modules\/@remix-run\/router\/dist\/router\.(js|cjs\.js)$/;

const replacements: Array<[name: string, from: string, to: string]> = [
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
];

export function routerMatchCache(): Plugin {
  return {
    name: "tradebench-router-match-cache",
    enforce: "pre",
    transform(code, id, options) {
      if (!options?.ssr || !ROUTER_FILE.test(id.split("?")[0])) return null;
      let changed = code;
      for (const [name, from, to] of replacements) {
        if (changed.split(from).length !== 2) {
          throw new Error(`vite.router-match-cache.ts: ${id} no longer has the text this build changes (${name}); see the file's header.`);
        }
        changed = changed.replace(from, () => to);
      }
      return { code: changed, map: null };
    },
  };
}
