// Static classes for /listings (see app/lib/static-styles.ts): the page is on the search benchmark's path and
// repeats the same few dozen elements (sidebar links, form controls, pager) on every request, so it draws them
// with plain elements and these precompiled classes instead of Chakra components.
import { staticClasses } from "~/lib/static-styles.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";

export const ui = staticClasses("listings", {
  page: { recipe: "container", css: { maxW: "7xl", py: { base: "6", md: "10" } } },
  layout: { display: "grid", gridTemplateColumns: { base: "minmax(0, 1fr)", lg: "16rem minmax(0, 1fr)" }, gap: "8", alignItems: "start" },
  aside: { display: "flex", flexDirection: "column", gap: "6", order: { base: 2, lg: 1 } },
  main: { display: "flex", flexDirection: "column", gap: "6", order: { base: 1, lg: 2 }, minW: "0" },
  title: { recipe: "heading", variants: { size: "2xl" } },

  // Category sidebar
  sideHeading: { recipe: "heading", variants: { size: "md" }, css: { mb: "3" } },
  sideList: { display: "flex", flexDirection: "column", gap: "1", listStyleType: "none" },
  sideSublist: { display: "flex", flexDirection: "column", listStyleType: "none", ps: "3", mt: "1", borderStartWidth: "1px" },
  sideLink: {
    display: "block",
    px: "2",
    py: "1",
    rounded: "md",
    fontSize: "sm",
    color: "fg",
    textDecoration: "none",
    _hover: { bg: "bg.muted" },
    [TOUCH]: { display: "flex", alignItems: "center", minH: TOUCH_TARGET },
  },
  sideLinkMain: { fontWeight: "semibold" },
  sideLinkCurrent: { fontWeight: "bold", color: "blue.fg", bg: "blue.subtle" },

  // Filter form
  panel: { borderWidth: "1px", rounded: "lg", p: { base: "4", md: "5" } },
  fields: {
    display: "grid",
    gridTemplateColumns: { base: "repeat(1, minmax(0, 1fr))", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(4, minmax(0, 1fr))" },
    gap: "4",
    alignItems: "start",
  },
  field: { display: "flex", flexDirection: "column", gap: "1.5", minW: "0" },
  fieldWide: { gridColumn: { sm: "span 2" } },
  label: { textStyle: "sm", fontWeight: "medium" },
  input: { recipe: "input" },
  selectBox: { position: "relative" },
  select: { recipe: "input", css: { appearance: "none", pe: "8", cursor: "pointer", bg: "bg" } },
  selectIcon: {
    position: "absolute",
    insetEnd: "3",
    top: "50%",
    transform: "translateY(-50%)",
    pointerEvents: "none",
    color: "fg.muted",
    display: "inline-flex",
  },
  error: { textStyle: "xs", fontWeight: "medium", color: "red.fg" },
  check: {
    display: "flex",
    alignItems: "center",
    gap: "2",
    cursor: "pointer",
    textStyle: "sm",
    fontWeight: "medium",
    pt: { lg: "9" },
    [TOUCH]: { minH: TOUCH_TARGET },
  },
  checkbox: { w: "4", h: "4", accentColor: "blue.solid", cursor: "pointer", flexShrink: "0" },
  actions: { mt: "4", display: "flex", gap: "3" },
  primaryButton: { recipe: "button", css: { colorPalette: "blue" } },
  outlineButton: { recipe: "button", variants: { variant: "outline" } },

  // Results
  resultsBar: { display: "flex", justifyContent: "space-between", alignItems: "start", gap: "4", flexWrap: "wrap" },
  summary: { color: "fg.muted", py: "2" },
  grid: {
    display: "grid",
    gridTemplateColumns: { base: "repeat(1, minmax(0, 1fr))", sm: "repeat(2, minmax(0, 1fr))", xl: "repeat(3, minmax(0, 1fr))" },
    gap: "5",
    listStyleType: "none",
  },

  // Popular searches
  chipsHeading: { fontSize: "sm", fontWeight: "semibold", color: "fg.muted", mb: "2" },
  chips: { display: "flex", flexWrap: "wrap", gap: "2", listStyleType: "none" },
  chip: { recipe: "button", variants: { size: "xs", variant: "subtle" }, css: { rounded: "full" } },

  // Pager
  pager: { display: "flex", justifyContent: "center", flexWrap: "wrap", gap: "1", listStyleType: "none" },
  pageStep: { recipe: "button", variants: { size: "sm", variant: "outline" } },
  pageNumber: { recipe: "button", variants: { size: "sm", variant: "ghost" } },
  pageCurrent: { recipe: "button", variants: { size: "sm", variant: "solid" }, css: { colorPalette: "blue" } },
  ellipsis: { px: "2", color: "fg.muted", lineHeight: "2.25rem" },

  // Saved searches card (members)
  savedCard: { slotRecipe: "card", slot: "root", variants: { size: "sm" } },
  savedCardBody: { slotRecipe: "card", slot: "body", variants: { size: "sm" }, css: { gap: "2" } },
  savedCardTitle: { slotRecipe: "card", slot: "title", variants: { size: "sm" }, css: { fontSize: "md" } },
  savedCardLink: { recipe: "button", variants: { size: "sm", variant: "outline" }, css: { alignSelf: "start" } },

  // Save Search: a <details> panel with the name field
  saveSummary: {
    display: "inline-flex",
    alignItems: "center",
    h: "10",
    px: "4",
    rounded: "md",
    borderWidth: "1px",
    borderColor: "border",
    fontWeight: "semibold",
    fontSize: "sm",
    cursor: "pointer",
    listStyle: "none",
    userSelect: "none",
    _hover: { bg: "bg.muted" },
    _focusVisible: { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" },
    "&::-webkit-details-marker": { display: "none" },
    [TOUCH]: { minH: TOUCH_TARGET },
  },
  savePanel: { mt: "3", p: "4", borderWidth: "1px", rounded: "lg", bg: "bg.panel", shadow: "md", minW: { base: "full", sm: "xs" } },
  saveStack: { display: "flex", flexDirection: "column", gap: "3" },
  saveLabel: { slotRecipe: "field", slot: "label" },
  // The palette's text shade: the field's default error colour is too faint on a panel (AA).
  requiredMark: { color: "red.fg", lineHeight: "1" },
  saveActions: { display: "flex", alignItems: "center", gap: "2" },
  saveButton: { recipe: "button", variants: { size: "sm" }, css: { colorPalette: "blue" } },
  spinner: { recipe: "spinner", variants: { size: "inherit" }, css: { borderWidth: "0.125em", color: "inherit" } },
  formError: { slotRecipe: "alert", slot: "root", variants: { status: "error" } },
  alertIcon: { slotRecipe: "alert", slot: "indicator" },
  alertText: { slotRecipe: "alert", slot: "title" },
  formSuccess: { slotRecipe: "alert", slot: "root", variants: { status: "success" } },

  // No listings found
  empty: {
    display: "flex",
    flexDirection: "column",
    alignItems: "center",
    textAlign: "center",
    gap: "3",
    py: "16",
    borderWidth: "1px",
    borderStyle: "dashed",
    rounded: "lg",
  },
  emptyTitle: { recipe: "heading", variants: { size: "lg" } },
  emptyText: { color: "fg.muted" },
  emptyAction: { recipe: "button", variants: { variant: "outline" }, css: { colorPalette: "blue" } },
});
