// How the browser build groups modules into files (vite.config.ts). Every page loads the client entry and the root
// route, so every module they import statically is in every page's first load. Left alone, Rollup splits those
// modules by the set of route modules that also import them (root + listings, root + auctions, …): 20-odd files of
// 1–10 KB on a landing page, each a request a phone makes over a slow link (HTTP/1.1 allows six at a time). Grouped
// here in two files (the framework, and the rest of the shell), they cost no byte more on any page and a landing
// page's first load is about half as many files (docs/decisions/0040).
import path from "node:path";
import type { GetManualChunk, ManualChunkMeta } from "rollup";

/** React, React DOM and Remix's browser runtime: the same on every page, and what changes least between builds. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|turbo-stream|@remix-run\/[^/]+)\//;

const APP_DIR = `${path.resolve("app")}/`;

/** Chakra and the libraries under it, whose index modules name hundreds of modules. */
const UI_LIBRARIES = /\/node_modules\/(@chakra-ui|@ark-ui|@zag-js|@pandacss|@floating-ui|@internationalized)\//;

/** The modules every page loads: the client entry, the root route module. */
const SHELL_ENTRIES = [/\/app\/entry\.client\.tsx(\?.*)?$/, /\/app\/root\.tsx(\?.*)?$/];

/** Every module the entries import statically (directly or not), the entries themselves left out (they stay entries). */
function staticallyImported(meta: ManualChunkMeta): Set<string> {
  const entries = [...meta.getModuleIds()].filter((id) => SHELL_ENTRIES.some((entry) => entry.test(id)));
  // The server build has no client entry: it keeps Rollup's own chunks.
  if (!entries.some((id) => SHELL_ENTRIES[0].test(id))) return new Set();
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) {
      // The app's own modules only: a package's index names all of its modules, used or not (Chakra's would put
      // the whole library here), so packages keep Rollup's own choice, which follows what is used.
      if (seen.has(imported) || !imported.startsWith(APP_DIR)) continue;
      seen.add(imported);
      stack.push(imported);
    }
  }
  for (const entry of entries) seen.delete(entry);
  // Rollup also moves into a manual chunk every package module it imports that no other manual chunk holds: a module
  // importing Chakra's index would bring all of Chakra. Those stay where Rollup puts them (with their Chakra parts).
  for (const id of seen) {
    if (meta.getModuleInfo(id)?.importedIds.some((imported) => UI_LIBRARIES.test(imported))) seen.delete(id);
  }
  return seen;
}

/** Rollup's manualChunks for the browser build: "framework" and "shell" as above, Rollup's own choice elsewhere. */
export function shellChunks(): GetManualChunk {
  let shell: Set<string> | undefined;
  return (id, meta) => {
    shell ??= staticallyImported(meta);
    if (shell.has(id)) return "shell";
    return shell.size > 0 && FRAMEWORK.test(id) ? "framework" : undefined;
  };
}
