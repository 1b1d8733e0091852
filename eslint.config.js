import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", ".scratch/**", "tests/.tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // One import statement per module (a type-only one beside it is allowed: `import type * as Sdk` has no inline form).
      "no-duplicate-imports": ["error", { allowSeparateTypeImports: true }],
    },
  },
  // The layers (docs/decisions/0024-layout.md): routes → web → services → db; components → lib. A wrong arrow fails
  // lint. Type-only imports are allowed across layers (they vanish from the build: a component may name the shape its
  // route's loader returns); what is forbidden is code that runs.
  ...layerRules(),
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { tradebench: { rules: { "domain-face": domainFaceRule() } } },
    rules: { "tradebench/domain-face": "error" },
  },
);

/**
 * `tradebench/domain-face`: a service domain (a folder of app/services/) is reached from outside only through its
 * index, the face that names what it offers (docs/decisions/0086). Any import, re-export or dynamic import in app/ that
 * resolves into another domain's folder must name `<domain>/index.server.ts`; type-only imports too, so the face lists
 * the shapes a domain hands out. Imports inside one domain are free.
 */
function domainFaceRule() {
  const app = path.join(path.dirname(fileURLToPath(import.meta.url)), "app");
  const services = path.join(app, "services");
  /** The domain a file belongs to, or null outside app/services/<domain>/. */
  const domainOf = (file) => {
    const relative = path.relative(services, file);
    if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
    const parts = relative.split(path.sep);
    return parts.length > 1 ? parts[0] : null;
  };
  return {
    meta: {
      type: "problem",
      docs: { description: "Import another service domain only through its index.server.ts" },
      messages: { deep: "Import the {{domain}} domain through its face, ~/services/{{domain}}/index.server.ts, not its file {{file}}." },
      schema: [],
    },
    create(context) {
      const from = domainOf(context.filename);
      const check = (node) => {
        const source = node?.source;
        if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
        const specifier = source.value;
        let target;
        if (specifier.startsWith("~/")) target = path.join(app, specifier.slice(2));
        else if (specifier.startsWith(".")) target = path.resolve(path.dirname(context.filename), specifier);
        else return;
        const to = domainOf(target);
        if (!to || to === from || path.basename(target) === "index.server.ts") return;
        context.report({ node: source, messageId: "deep", data: { domain: to, file: path.basename(target) } });
      };
      return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
    },
  };
}

/** One `no-restricted-imports` block per layer: the files it covers and the import patterns they may not use. */
function layerRules() {
  const pattern = (group, message) => ({ group, message, allowTypeImports: true });
  const noSeed = pattern(["\\#db/seed/*", "**/db/seed/*"], "The app never imports the demo seed; the seed calls services.");
  // Routes hand services the handle from ~/db.server.ts; the db/ folder (schema, dialect, migrator) is the services'.
  const noDb = pattern(["\\#db/*", "**/db/*"], "Only services reach db/ (routes pass getDb() to a service).");
  const noRoutes = pattern(["~/routes/*", "**/routes/*"], "Nothing imports a route module but the router.");
  const noServices = pattern(["~/services/*", "**/services/*"], "This layer may not call services.");
  const noWeb = pattern(["~/web/*", "**/web/*"], "Only routes use the HTTP glue in app/web.");
  const noComponents = pattern(["~/components/*", "**/components/*"], "This layer may not import components.");
  const noFlows = pattern(["~/flows/*", "**/flows/*"], "A service domain never imports a flow; flows import domains (docs/decisions/0083).");
  const servicesThroughIndex = pattern(
    ["~/services/*/*", "!~/services/*/index.server.ts", "**/services/*/*", "!**/services/*/index.server.ts"],
    "Import a service domain through its index (~/services/<domain>/index.server.ts).",
  );
  const onlyReference = pattern(
    ["~/*", "!~/reference/*", "**/lib/*", "**/schemas/*", "**/offline/*", "**/app/*"],
    "Reference data imports nothing from app but types (and other reference data).",
  );
  const noServer = pattern(["*.server", "*.server.ts", "**/*.server", "**/*.server.ts"], "Client code never imports server modules.");
  const layers = [
    { files: ["app/routes/**"], patterns: [noDb, noSeed, servicesThroughIndex] },
    { files: ["app/web/**"], patterns: [noDb, noSeed, noRoutes, noComponents, servicesThroughIndex] },
    { files: ["app/services/**"], patterns: [noSeed, noRoutes, noComponents, noWeb, noFlows] },
    { files: ["app/flows/**"], patterns: [noSeed, noRoutes, noComponents, noWeb] },
    { files: ["app/lib/**"], patterns: [noDb, noSeed, noRoutes, noServices, noWeb, noComponents, noServer] },
    {
      files: ["app/components/**", "app/offline/**", "app/entry.client.tsx", "service-worker/**"],
      patterns: [noDb, noSeed, noRoutes, noServices, noWeb, noServer],
    },
    { files: ["app/reference/**"], patterns: [noDb, noSeed, noRoutes, noServices, noWeb, noComponents, noServer, onlyReference] },
    { files: ["app/schemas/**"], patterns: [noDb, noSeed, noRoutes, noServices, noWeb, noComponents, noServer] },
    { files: ["app/*.ts", "app/*.tsx"], ignores: ["app/entry.client.tsx"], patterns: [noSeed, noRoutes] },
  ];
  return layers.map(({ files, ignores, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
  }));
}
