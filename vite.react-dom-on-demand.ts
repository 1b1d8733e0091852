// React DOM's browser renderer, loaded by the server build only if something calls it (vite.config.ts; issue 17 §4,
// start fast). The bundled Chakra and Ark modules import `flushSync` and `createPortal` from "react-dom": in an
// event handler, an effect or a portal in the browser, never while a page renders on the server (Ark's Portal renders
// its children in place there). Imported statically, react-dom (~50 ms of CPU) was loaded at every server start,
// before /healthz could answer. In the server build, "react-dom" is this module instead: the same functions, which
// load the real react-dom (the same copy from node_modules) the first time one of them is called. The browser build
// and the development server keep the real import. A module importing a name this one lacks fails the build
// ("… is not exported by …"): add the name below.
import type { Plugin } from "vite";

const ID = "\0react-dom-on-demand";

const MODULE = `import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
let reactDom;
const load = () => (reactDom ??= require("react-dom"));
export const createPortal = (...args) => load().createPortal(...args);
export const flushSync = (...args) => load().flushSync(...args);
export const unstable_batchedUpdates = (...args) => load().unstable_batchedUpdates(...args);
export const findDOMNode = (...args) => load().findDOMNode(...args);
`;

export function reactDomOnDemand(): Plugin {
  return {
    name: "tradebench:react-dom-on-demand",
    apply: "build",
    enforce: "pre",
    resolveId(source, _importer, options) {
      return options?.ssr && source === "react-dom" ? ID : null;
    },
    load(id) {
      return id === ID ? MODULE : null;
    },
  };
}
