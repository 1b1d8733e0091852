// Options for the Remix Vite plugin; vite.config.ts imports them.
/** @type {import('@remix-run/dev').VitePluginConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
  serverModuleFormat: "esm",
  // BUILD_DIR lets parallel work build side by side; server.mjs reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
