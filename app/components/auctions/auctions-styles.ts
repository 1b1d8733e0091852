// Static classes for /auctions (see app/lib/static-styles.ts): the list repeats the same elements on every
// request, like /listings, whose form and pager classes it shares.
import { staticClasses } from "~/lib/static-styles.ts";

export const auctionsUi = staticClasses("auctions", {
  page: { recipe: "container", css: { maxW: "7xl", py: { base: "6", md: "10" }, display: "flex", flexDirection: "column", gap: "8" } },
  banner: {
    rounded: "l3",
    px: { base: "6", md: "10" },
    py: { base: "8", md: "12" },
    bg: "blue.800",
    color: "white",
  },
  bannerTitle: { recipe: "heading", variants: { size: "3xl" }, css: { color: "white", fontSize: { md: "4xl" } } },
  bannerText: { mt: "3", maxW: "2xl", fontSize: { base: "md", md: "lg" }, color: "blue.100" },
  bannerLink: { color: "white", fontWeight: "semibold", textDecoration: "underline", textUnderlineOffset: "3px" },
  main: { display: "flex", flexDirection: "column", gap: "6", minW: "0" },
  filterFields: {
    display: "grid",
    gridTemplateColumns: { base: "repeat(1, minmax(0, 1fr))", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
    gap: "4",
    alignItems: "end",
  },
  filterSubmit: { display: "flex" },
  summaryBar: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "4", flexWrap: "wrap" },
  liveNote: { fontSize: "sm", color: "fg.muted" },
  empty: {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    textAlign: "center",
    gap: "4",
    py: "16",
    px: "4",
    borderWidth: "1px",
    borderStyle: "dashed",
    rounded: "lg",
  },
  emptyTitle: { recipe: "heading", variants: { size: "lg" } },
  emptyLink: { recipe: "button", variants: { variant: "outline" }, css: { colorPalette: "blue" } },

  // The three-step explainer
  explainer: { borderWidth: "1px", rounded: "l3", p: { base: "6", md: "8" }, bg: "bg.subtle" },
  explainerTitle: { recipe: "heading", variants: { size: "xl" }, css: { mb: "6" } },
  steps: {
    display: "grid",
    gridTemplateColumns: { base: "minmax(0, 1fr)", md: "repeat(3, minmax(0, 1fr))" },
    gap: "6",
    listStyleType: "none",
  },
  step: { display: "flex", gap: "4", alignItems: "start" },
  stepNumber: {
    flexShrink: "0",
    w: "10",
    h: "10",
    rounded: "full",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    fontWeight: "bold",
    bg: "blue.solid",
    color: "blue.contrast",
  },
  stepTitle: { recipe: "heading", variants: { size: "md" }, css: { mb: "1" } },
  stepText: { color: "fg.muted", fontSize: "sm" },
});
