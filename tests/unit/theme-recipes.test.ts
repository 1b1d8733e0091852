// The theme bundles only the recipes of the Chakra components the app uses (app/theme.ts). A component whose recipe
// is missing renders unstyled, silently: this test reads which components app/ imports from @chakra-ui/react, which
// recipe keys their Chakra modules (and the Chakra modules those import) ask for, and which recipes the static
// classes name, and checks the theme has each one that Chakra's default theme has.
import fs from "node:fs";
import path from "node:path";
import { recipes as defaultRecipes, slotRecipes as defaultSlotRecipes } from "@chakra-ui/react/theme";
import { describe, expect, it } from "vitest";
import { RECIPES, SLOT_RECIPES } from "~/theme.ts";

const CHAKRA_ESM = path.resolve("node_modules/@chakra-ui/react/dist/esm");

/** Exported name → module path (relative to the esm folder), from @chakra-ui/react's index, namespaces included. */
function chakraExports(): Map<string, string> {
  const index = fs.readFileSync(path.join(CHAKRA_ESM, "index.js"), "utf8");
  const namespaces = new Map([...index.matchAll(/import \* as (\S+) from '([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
  const exported = new Map<string, string>();
  for (const match of index.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of match[1]!
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [local, name = local] = part.split(/\s+as\s+/) as [string, string?];
      const from = match[2] ?? namespaces.get(local);
      if (from) exported.set(name, from);
    }
  }
  return exported;
}

/** Recipe keys asked for by a Chakra component folder and the component folders it imports. */
function recipeKeysOf(folder: string, keys = new Set<string>(), seen = new Set<string>()): Set<string> {
  if (seen.has(folder)) return keys;
  seen.add(folder);
  for (const file of fs.readdirSync(folder).filter((name) => name.endsWith(".js"))) {
    const code = fs.readFileSync(path.join(folder, file), "utf8");
    for (const match of code.matchAll(/(?:create(?:Slot)?RecipeContext|use(?:Slot)?Recipe)\(\{\s*key: "(\w+)"/g)) keys.add(match[1]!);
    for (const match of code.matchAll(/from '(\.\.\/[^']+)'/g)) {
      const target = path.dirname(path.resolve(folder, match[1]!));
      if (target.startsWith(path.join(CHAKRA_ESM, "components") + path.sep)) recipeKeysOf(target, keys, seen);
    }
  }
  return keys;
}

function appSources(folder = path.resolve("app")): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return appSources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the theme's recipes", () => {
  const exported = chakraExports();
  const used = new Map<string, string>(); // recipe key → what needs it
  for (const file of appSources()) {
    const code = fs.readFileSync(file, "utf8");
    for (const match of code.matchAll(/import \{([^}]*)\} from "@chakra-ui\/react"/g)) {
      for (const name of match[1]!.split(",").map(
        (s) =>
          s
            .trim()
            .replace(/^type\s+/, "")
            .split(/\s+as\s+/)[0]!,
      )) {
        const from = exported.get(name);
        if (!from?.startsWith("./components/")) continue;
        for (const key of recipeKeysOf(path.dirname(path.join(CHAKRA_ESM, from)))) used.set(key, `<${name}> (${path.relative(".", file)})`);
      }
    }
    for (const match of code.matchAll(/\b(?:recipe|slotRecipe): "(\w+)"/g)) used.set(match[1]!, `a static class (${path.relative(".", file)})`);
  }

  it("finds the components the app uses", () => {
    expect(used.has("button")).toBe(true);
    expect(used.has("dialog")).toBe(true);
  });

  it("has the recipe of every Chakra component the app renders", () => {
    const missing = [...used]
      .filter(([key]) => (key in defaultRecipes && !(key in RECIPES)) || (key in defaultSlotRecipes && !(key in SLOT_RECIPES)))
      .map(([key, by]) => `${key}, needed by ${by}: add it to ${key in defaultRecipes ? "RECIPES" : "SLOT_RECIPES"} in app/theme.ts`);
    expect(missing).toEqual([]);
  });

  it("bundles Chakra's own recipes under Chakra's keys", () => {
    for (const [key, recipe] of Object.entries(RECIPES)) expect(recipe).toBe(defaultRecipes[key as keyof typeof defaultRecipes]);
    for (const [key, recipe] of Object.entries(SLOT_RECIPES)) expect(recipe).toBe(defaultSlotRecipes[key as keyof typeof defaultSlotRecipes]);
  });
});
