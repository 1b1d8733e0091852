// Static classes of the installable app's prompts (the update prompt and the install offer): small cards in the
// bottom corner opposite the live alerts, on every page, so drawn like the shell (see app/lib/static-styles.ts).
import { staticClasses } from "~/lib/static-styles.ts";

export const pwaPrompt = staticClasses("pwa", {
  /** Mounted once in app/root.tsx; holds whichever prompts are showing. */
  stack: {
    position: "fixed",
    insetInlineStart: "4",
    bottom: "4",
    zIndex: "toast",
    display: "flex",
    flexDirection: "column",
    gap: "2",
    maxW: "calc(100vw - 2rem)",
    w: "sm",
    pointerEvents: "none",
  },
  card: {
    pointerEvents: "auto",
    display: "flex",
    flexWrap: "wrap",
    alignItems: "center",
    gap: "2",
    bg: "bg.panel",
    borderWidth: "1px",
    borderInlineStartWidth: "4px",
    borderInlineStartColor: "blue.solid",
    rounded: "md",
    shadow: "lg",
    p: "3",
  },
  text: { flex: "1 1 12rem", fontSize: "sm", color: "fg" },
  actions: { display: "flex", gap: "2", alignItems: "center" },
  /** Chakra's solid blue button, 44 px tall for touch. */
  primary: { recipe: "button", variants: { size: "sm" }, css: { colorPalette: "blue", minH: "11" } },
  /** Chakra's ghost button, 44 px tall for touch. */
  secondary: { recipe: "button", variants: { size: "sm", variant: "ghost" }, css: { minH: "11" } },
});
