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
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
} from "@chakra-ui/react/theme";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";
import { lazySystem, provideSystemFactory } from "~/render-system.ts";

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
  tabs: tabsSlotRecipe,
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

const SOLID_PRESSED = "color-mix(in srgb, {colors.colorPalette.solid} 85%, black)";

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
      button: {
        variants: {
          size: { "2xs": touchSize, xs: touchSize, sm: touchSize, md: touchSize },
          // Chakra's hover lightens a solid button (90 % over the page), taking white on blue.600 below AA (4.3:1).
          // Hover darkens it instead, which keeps the contrast of its label at or above the resting one.
          variant: { solid: { _hover: { bg: SOLID_PRESSED }, _expanded: { bg: SOLID_PRESSED } } },
        },
      },
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

/**
 * How the system is made: createSystem is the browser's longest start-up task (~110 ms on a desktop, ~450 ms on a
 * phone), so it runs when the first Chakra component renders (app/render-system.ts), and the pages a buyer lands on
 * (/, /listings, /listings/{id}) render no Chakra component at all. This module's code is not in their first load.
 */
provideSystemFactory(() => createSystem(defaultBaseConfig, chakraTheme, config));

/** Tradebench's Chakra system (the server compiles the site stylesheet from it). */
export const system: SystemContext = lazySystem();

export { renderSystem, SYSTEM_MADE_MARK } from "~/render-system.ts";
