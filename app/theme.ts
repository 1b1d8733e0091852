// Tradebench's design system: Chakra's defaults plus a few global rules for keyboard users, and touch-sized
// controls on touch screens.
//
// The system is Chakra's base config, Chakra's default theme with the recipes of the components the app uses, and
// ours, merged in one createSystem call. Two things keep the browser's start-up short:
// - `defaultConfig` is not imported: it would also build Chakra's own `defaultSystem` (a module-level createSystem
//   call in @chakra-ui/react's preset that the bundler must keep), the costliest start-up task, done twice;
// - only the recipes of components the app renders are bundled (27 of Chakra's 76; ~10 KB of gzip on every page).
//   tests/unit/theme-recipes.test.ts fails when a component from @chakra-ui/react is used whose recipe is missing
//   here: add it to RECIPES or SLOT_RECIPES below.
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  avatarSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  sliderSlotRecipe,
  spinnerRecipe,
  statSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";

/** The recipes of the Chakra components the app uses, under the keys Chakra's default theme gives them. */
export const RECIPES = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

export const SLOT_RECIPES = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  slider: sliderSlotRecipe,
  stat: statSlotRecipe,
  table: tableSlotRecipe,
};

/** Chakra's default theme (as in @chakra-ui/react's `defaultThemeConfig`), with the recipes above only. */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: { breakpoints, keyframes, tokens, semanticTokens, recipes: RECIPES, slotRecipes: SLOT_RECIPES, textStyles, layerStyles, animationStyles },
});

const slots = (name: keyof typeof SLOT_RECIPES): string[] => [...(SLOT_RECIPES[name].slots ?? [])];
const touchSize = { [TOUCH]: { minH: TOUCH_TARGET, minW: TOUCH_TARGET } };
const touchField = { [TOUCH]: { "--input-height": `sizes.${TOUCH_TARGET}` } };
const touchSelect = { root: { [TOUCH]: { "--select-field-height": `sizes.${TOUCH_TARGET}` } } };

const config = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        // Chakra's default (red.500 on white, 3.8:1) is too faint for the small text of form errors: AA needs 4.5:1.
        fg: { error: { value: { _light: "{colors.red.700}", _dark: "{colors.red.300}" } } },
      },
    },
    // The sizes under 44 px grow to 44 px on touch screens (buttons and icon buttons, inputs, selects).
    recipes: {
      button: { variants: { size: { "2xs": touchSize, xs: touchSize, sm: touchSize, md: touchSize } } },
      input: { variants: { size: { "2xs": touchField, xs: touchField, sm: touchField, md: touchField } } },
    },
    slotRecipes: {
      nativeSelect: { slots: slots("nativeSelect"), variants: { size: { xs: touchSelect, sm: touchSelect, md: touchSelect } } },
      // The label around a checkbox is its hit area.
      checkbox: { slots: slots("checkbox"), base: { root: { [TOUCH]: { minH: TOUCH_TARGET } } } },
      breadcrumb: {
        slots: slots("breadcrumb"),
        base: { link: { [TOUCH]: { minH: TOUCH_TARGET, display: "inline-flex", alignItems: "center" } } },
      },
    },
  },
  globalCss: {
    ".skip-link": {
      position: "absolute",
      left: "-10000px",
      top: "auto",
      zIndex: "skipLink",
    },
    ".skip-link:focus": {
      left: "4",
      top: "4",
      bg: "bg",
      color: "fg",
      px: "4",
      py: "2",
      rounded: "md",
      outline: "2px solid",
      outlineColor: "blue.focusRing",
    },
    "a:focus-visible, button:focus-visible, [role=button]:focus-visible": {
      outline: "2px solid",
      outlineColor: "blue.focusRing",
      outlineOffset: "2px",
    },
  },
});

let created: SystemContext | undefined;

/** Marks the moment the browser made the system (tests/e2e/first-load.spec.ts checks which pages never do). */
export const SYSTEM_MADE_MARK = "tradebench:chakra-system";

/**
 * The system, made on first use: createSystem is the browser's longest start-up task (~110 ms on a desktop, ~450 ms
 * on a phone), so the pages a buyer lands on (/, /listings, /listings/{id}) render no Chakra component at all.
 */
function getSystem(): SystemContext {
  if (!created) {
    created = createSystem(defaultBaseConfig, chakraTheme, config);
    if (typeof window !== "undefined") performance.mark(SYSTEM_MADE_MARK);
  }
  return created;
}

/** An object that makes the system when a property is first read, answering `overrides` without making it. */
function lazySystem(overrides: Partial<Record<keyof SystemContext, unknown>> = {}): SystemContext {
  const read = (key: string | symbol) => (key in overrides ? overrides[key as keyof SystemContext] : Reflect.get(getSystem(), key));
  return new Proxy({} as SystemContext, {
    get: (_target, key) => read(key),
    has: (_target, key) => key in overrides || key in getSystem(),
    ownKeys: () => [...new Set([...Reflect.ownKeys(getSystem()), ...Object.keys(overrides)])],
    getOwnPropertyDescriptor: (_target, key) =>
      key in overrides || key in getSystem() ? { configurable: true, enumerable: true, writable: false, value: read(key) } : undefined,
  });
}

/** Tradebench's Chakra system (the server compiles the site stylesheet from it). */
export const system: SystemContext = lazySystem();

/**
 * The system the app renders with. Its global CSS (layer order, reset, the rules above, design tokens) is in the
 * site stylesheet (app/web/site-stylesheet.server.ts), so <ChakraProvider> must not serialise it again on every
 * render as <Global> styles. <ChakraProvider> reads only these two properties: the system itself is made when the
 * first Chakra component renders, so a page drawn with static classes only (/listings) never makes it in the browser.
 */
export const renderSystem: SystemContext = lazySystem({ _global: [], _config: { disableLayers: true } });
