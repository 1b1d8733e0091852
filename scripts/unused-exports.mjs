// Lists the exports of app/, db/ and service-worker/ that no other file imports: an export is a promise that someone
// outside the file needs the name, and a dead one is code nobody runs or a rule kept in two places. Importers counted:
// every file of the project (app/, db/, migrations/, tests/, scripts/, bench/, server.mjs, service-worker/, the
// configs). `node scripts/unused-exports.mjs` prints each dead export and exits 1 when there is one (`npm run lint`
// runs it after ESLint); `--json` prints them as JSON. Only the syntax is read (TypeScript's parser and its module
// resolution with tsconfig.json's paths), no type check, so it takes a few seconds.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Folders whose files' exports are checked. */
const CHECKED = ["app", "db", "service-worker"];
/** Folders never read (builds, data, dependencies, notes). */
const SKIPPED = new Set(["node_modules", "build", "data", "test-results", "playwright-report", ".scratch", ".git", ".tmp", ".tmp-postgres"]);
/** Exports a Remix route module (and app/root.tsx) hands the router: used by the framework, never imported. */
const ROUTE_EXPORTS = new Set([
  "default",
  "loader",
  "action",
  "clientLoader",
  "clientAction",
  "meta",
  "links",
  "headers",
  "handle",
  "ErrorBoundary",
  "HydrateFallback",
  "Layout",
  "shouldRevalidate",
  "config",
]);
/**
 * Files loaded by a tool or by path rather than imported, each with why: all their exports count as used.
 * app/entry.server.tsx: Remix's server entry (server.mjs reads its exports from the build's `entry.module`);
 * app/entry.client.tsx: the browser entry; db/seed/demo.ts: loaded by server.mjs and built by vite.config.ts by path;
 * app/offline/offline-page.ts and service-worker/sw.ts: bundled by scripts/build-pwa.mjs by path.
 */
const ENTRIES = new Set(["app/entry.server.tsx", "app/entry.client.tsx", "db/seed/demo.ts", "app/offline/offline-page.ts", "service-worker/sw.ts"]);

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name) || entry.name.startsWith("build-")) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(ROOT, "tsconfig.json"), ts.sys.readFile).config, ts.sys, ROOT);
const options = parsed.options;
const cache = ts.createModuleResolutionCache(ROOT, (name) => name, options);

function resolve(specifier, fromFile) {
  if (!specifier.startsWith(".") && !specifier.startsWith("~/") && !specifier.startsWith("#") && !specifier.startsWith("/")) return null;
  if (specifier.startsWith("/")) {
    const file = path.join(ROOT, specifier);
    return fs.existsSync(file) ? file : null;
  }
  const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys, cache).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport) return null;
  return path.resolve(resolved.resolvedFileName);
}

const files = sourceFiles(ROOT);
const isRouteModule = (rel) => rel.startsWith("app/routes/") || rel === "app/root.tsx";
const relative = (file) => path.relative(ROOT, file).split(path.sep).join("/");
const isChecked = (file) => CHECKED.some((dir) => relative(file).startsWith(`${dir}/`));

/** Per file: its exports (name → { line, kind }), its star re-exports, and whether everything it exports counts as used. */
const modules = new Map();
/** Per file: names other files import from it ("*" for a namespace or dynamic import). */
const imported = new Map();
const markUsed = (file, name) => {
  if (!imported.has(file)) imported.set(file, new Set());
  imported.get(file).add(name);
};

for (const file of files) {
  const text = fs.readFileSync(file, "utf8");
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : undefined);
  const exports = new Map();
  const stars = [];
  const line = (node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const hasExport = (node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export;
  const isDefault = (node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Default;

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolve(statement.moduleSpecifier.text, file);
      const clause = statement.importClause;
      if (!target) continue;
      if (!clause) continue; // A side-effect import uses no name.
      if (clause.name) markUsed(target, "default");
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) markUsed(target, "*");
      if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) markUsed(target, (element.propertyName ?? element.name).text);
    } else if (ts.isExportDeclaration(statement)) {
      const target = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? resolve(statement.moduleSpecifier.text, file) : null;
      if (!statement.exportClause) {
        if (target) stars.push(target);
      } else if (ts.isNamespaceExport(statement.exportClause)) {
        exports.set(statement.exportClause.name.text, { line: line(statement), reexport: target, name: "*" });
      } else {
        for (const element of statement.exportClause.elements) {
          const local = (element.propertyName ?? element.name).text;
          const typeOnly = statement.isTypeOnly || element.isTypeOnly;
          exports.set(element.name.text, { line: line(element), reexport: target, name: local, typeOnly });
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      exports.set("default", { line: line(statement) });
    } else if (hasExport(statement)) {
      if (isDefault(statement)) exports.set("default", { line: line(statement) });
      else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          const names = [];
          const collect = (binding) => {
            if (ts.isIdentifier(binding)) names.push(binding.text);
            else for (const element of binding.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
          };
          collect(declaration.name);
          for (const name of names) exports.set(name, { line: line(declaration) });
        }
      } else if (statement.name && ts.isIdentifier(statement.name)) {
        const typeOnly = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);
        exports.set(statement.name.text, { line: line(statement), typeOnly });
      }
    }
  }

  // Dynamic imports (`const { a } = await import("…")` uses a; otherwise every name), `vi.importActual("…")`,
  // `ssrLoadModule("/…")` and `typeof import("…")` anywhere in the file. `vi.mock("…")` uses no name by itself: the
  // names its factory replaces are imported by the code under test.
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      const dynamic = callee.kind === ts.SyntaxKind.ImportKeyword;
      const named = ts.isPropertyAccessExpression(callee) && ["importActual", "ssrLoadModule"].includes(callee.name.text);
      const target = dynamic || named ? resolve(node.arguments[0].text, file) : null;
      if (target) for (const name of namesTakenFrom(node)) markUsed(target, name);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const target = resolve(node.argument.literal.text, file);
      if (target) markUsed(target, node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : "*");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  modules.set(file, { exports, stars, text, source });
}

/** The names a dynamic import's module is read for: `const { a, b: c } = await import(…)`, `(await import(…)).a`, else all. */
function namesTakenFrom(call) {
  const awaited = ts.isAwaitExpression(call.parent) ? call.parent : null;
  const holder = awaited?.parent;
  if (holder && ts.isVariableDeclaration(holder) && ts.isObjectBindingPattern(holder.name)) {
    const names = holder.name.elements.map((element) => element.propertyName ?? element.name);
    if (!holder.name.elements.some((element) => element.dotDotDotToken) && names.every(ts.isIdentifier)) return names.map((name) => name.text);
  }
  if (holder && ts.isParenthesizedExpression(holder) && ts.isPropertyAccessExpression(holder.parent)) return [holder.parent.name.text];
  return ["*"];
}

// Names asked of a file pass on to the file they are re-exported from (`export { x } from`, `export * from`).
const passed = new Set();
function passOn(file, name) {
  const key = `${file}\0${name}`;
  if (passed.has(key)) return;
  passed.add(key);
  markUsed(file, name);
  const module = modules.get(file);
  if (!module) return;
  if (name === "*") {
    for (const [, entry] of module.exports) if (entry.reexport) passOn(entry.reexport, entry.name);
    for (const star of module.stars) passOn(star, "*");
    return;
  }
  const entry = module.exports.get(name);
  if (entry?.reexport) passOn(entry.reexport, entry.name);
  else if (!entry) for (const star of module.stars) if (exportsName(star, name, new Set())) passOn(star, name);
}
function exportsName(file, name, seen) {
  if (seen.has(file)) return false;
  seen.add(file);
  const module = modules.get(file);
  if (!module) return false;
  return module.exports.has(name) || module.stars.some((star) => exportsName(star, name, seen));
}
for (const [file, names] of [...imported].map(([file, names]) => [file, [...names]])) for (const name of names) passOn(file, name);
// What the entries and the route modules hand their tools, they may re-export from another file.
for (const file of modules.keys()) {
  const rel = relative(file);
  if (ENTRIES.has(rel)) passOn(file, "*");
  else if (isRouteModule(rel)) for (const name of ROUTE_EXPORTS) passOn(file, name);
}

/** Whether a name is referenced in its own file other than where it is declared (then un-export it, do not delete). */
function usedInOwnFile({ source }, name) {
  let count = 0;
  const visit = (node) => {
    if (ts.isIdentifier(node) && node.text === name) count += 1;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count > 1;
}

const dead = [];
for (const [file, { exports, ...module }] of modules) {
  if (!isChecked(file)) continue;
  const rel = relative(file);
  if (ENTRIES.has(rel)) continue;
  const isRoute = isRouteModule(rel);
  const names = imported.get(file) ?? new Set();
  if (names.has("*")) continue;
  for (const [name, entry] of exports) {
    if (isRoute && ROUTE_EXPORTS.has(name)) continue;
    if (names.has(name)) continue;
    if (entry.typeOnly) continue;
    const kind = entry.reexport ? "reexport" : "name" in entry ? "specifier" : "declaration";
    dead.push({ file: rel, line: entry.line, name, kind, usedInFile: name !== "default" && usedInOwnFile({ ...module, exports }, name) });
  }
}
dead.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(dead, null, 2));
} else if (dead.length > 0) {
  for (const { file, line, name, usedInFile } of dead) {
    console.error(`${file}:${line}  ${name}  exported but imported by no other file${usedInFile ? " (used in its own file: drop `export`)" : ""}`);
  }
  console.error(`\n${dead.length} unused export${dead.length === 1 ? "" : "s"} (scripts/unused-exports.mjs).`);
}
process.exit(dead.length > 0 ? 1 : 0);
