// Static classes: Chakra styles written once, compiled once per server process into the site stylesheet
// (/styles/site-<hash>.css, see site-stylesheet.server.ts) and used as plain class names.
// Chakra components resolve and serialise their styles on every render (about 0.1–0.2 ms each on the
// server); the shell repeats the same few dozen elements on every page, so it uses static classes instead.
// Rules are unlayered like Chakra's style props: they beat recipe styles, and a component's own style
// props (inserted after the stylesheet) beat them.
import type { SystemStyleObject } from "@chakra-ui/react";

export interface RecipeStyle {
  /** A recipe of the theme, such as "button" or "input", with the variants to apply. */
  recipe: string;
  variants?: Record<string, string | boolean>;
  /** Style props laid over the recipe, e.g. a colorPalette. */
  css?: SystemStyleObject;
}

export interface SlotRecipeStyle {
  /** One part of a slot recipe of the theme, such as `{ slotRecipe: "card", slot: "body" }`, with the variants to apply. */
  slotRecipe: string;
  slot: string;
  variants?: Record<string, string | boolean>;
  css?: SystemStyleObject;
}

export type StaticStyle = SystemStyleObject | RecipeStyle | SlotRecipeStyle;

const registry = new Map<string, StaticStyle>();
let version = 0;

export function isRecipeStyle(style: StaticStyle): style is RecipeStyle {
  return typeof (style as RecipeStyle).recipe === "string";
}

export function isSlotRecipeStyle(style: StaticStyle): style is SlotRecipeStyle {
  return typeof (style as SlotRecipeStyle).slotRecipe === "string";
}

/**
 * Names a group of static classes `tb-<scope>-<key>` and registers their styles. The browser only needs the names;
 * the server compiles the styles into the site stylesheet.
 */
export function staticClasses<Key extends string>(scope: string, styles: Record<Key, StaticStyle>): Record<Key, string> {
  const names = {} as Record<Key, string>;
  for (const key of Object.keys(styles) as Key[]) {
    const name = `tb-${scope}-${key}`;
    names[key] = name;
    if (registry.get(name) !== styles[key]) {
      registry.set(name, styles[key]);
      version += 1;
    }
  }
  return names;
}

/** The registered classes and a number that changes whenever one is added or redefined (module reloads in dev). */
export function registeredStaticClasses(): { version: number; classes: ReadonlyMap<string, StaticStyle> } {
  return { version, classes: registry };
}

/** Chakra's `<SimpleGrid columns={…}>` as a style: equal columns per breakpoint, e.g. `{ base: 1, md: 3 }`. */
export function gridColumns(columns: Record<string, number>): SystemStyleObject {
  const template: Record<string, string> = {};
  for (const [breakpoint, count] of Object.entries(columns)) template[breakpoint] = `repeat(${count}, minmax(0, 1fr))`;
  return { display: "grid", gridTemplateColumns: template };
}

/** Chakra's `<Stack gap={gap}>` as a style. */
export const stackLook = (gap: string) => ({ display: "flex", flexDirection: "column", gap }) as const;

/** Chakra's `<HStack gap={gap}>` as a style. */
export const hstackLook = (gap: string) => ({ display: "flex", flexDirection: "row", alignItems: "center", gap }) as const;
