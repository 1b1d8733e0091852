// Static classes for the auction panel (see app/lib/static-styles.ts): an auctioned listing's page is a landing
// page, so its auction panel (summary, clock, bid form) renders no Chakra component; /auctions/{id} uses the same.
import { stackLook as stack, staticClasses } from "~/lib/static-styles.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";

const dataList = { orientation: "horizontal", size: "md" } as const;
// Chakra's solid green (green.600) under white text is below AA contrast: the green buttons and badge use green.700.
const greenButton = { colorPalette: "green", bg: "green.700", _hover: { bg: "green.800" }, w: "fit-content" } as const;

export const lot = staticClasses("lot", {
  // ListingAuctionPanel: a Chakra card with its heading and the link to the lot page.
  card: { slotRecipe: "card", slot: "root" },
  cardBody: { slotRecipe: "card", slot: "body", css: { gap: "5" } },
  cardHeading: { recipe: "heading", variants: { size: "lg" } },
  lotLink: {
    recipe: "link",
    variants: { variant: "underline" },
    css: { colorPalette: "blue", fontWeight: "medium", w: "fit-content", [TOUCH]: { minH: TOUCH_TARGET } },
  },

  // Layout and text
  stack1: stack("1"),
  stack2: stack("2"),
  stack3: stack("3"),
  stack4: stack("4"),
  mutedText: { fontSize: "sm", color: "fg.muted" },

  // AuctionSummary
  summaryTop: { display: "flex", flexDirection: "row", justifyContent: "space-between", alignItems: "flex-start", gap: "4", flexWrap: "wrap" },
  currentBid: { fontSize: "3xl", fontWeight: "bold", color: "blue.fg", lineHeight: "1.1", fontVariantNumeric: "tabular-nums" },
  details: { slotRecipe: "dataList", slot: "root", variants: dataList, css: { gap: "2" } },
  detailsItem: { slotRecipe: "dataList", slot: "item", variants: dataList },
  detailsLabel: { slotRecipe: "dataList", slot: "itemLabel", variants: dataList },
  detailsValue: { slotRecipe: "dataList", slot: "itemValue", variants: dataList },
  badgeGreen: { recipe: "badge", variants: { variant: "solid", size: "lg" }, css: { colorPalette: "green", bg: "green.700" } },
  badgeBlue: { recipe: "badge", variants: { variant: "solid", size: "lg" }, css: { colorPalette: "blue" } },
  badgeGray: { recipe: "badge", variants: { variant: "solid", size: "lg" }, css: { colorPalette: "gray" } },
  badgeRed: { recipe: "badge", variants: { variant: "solid", size: "lg" }, css: { colorPalette: "red" } },

  // Countdown
  clock: stack("0"),
  clockValue: { fontWeight: "bold", fontVariantNumeric: "tabular-nums" },
  clockLarge: { fontSize: "2xl" },
  clockMedium: { fontSize: "xl" },
  clockCalm: { color: "fg" },
  clockClosing: { color: "red.fg" },

  // BidPanel
  bidHeading: { recipe: "heading", variants: { size: "md" } },
  standing: { fontWeight: "semibold" },
  standingLeading: { fontWeight: "semibold", color: "green.fg" },
  won: { display: "flex", flexDirection: "column", gap: "2", mt: "2" },
  greenButton: { recipe: "button", css: greenButton },
  field: { slotRecipe: "field", slot: "root" },
  fieldLabel: { slotRecipe: "field", slot: "label" },
  fieldHelper: { slotRecipe: "field", slot: "helperText" },
  input: { recipe: "input" },
  placeBid: { recipe: "button", variants: { size: "lg" }, css: { colorPalette: "blue" } },
  signIn: { recipe: "button", variants: { size: "lg" }, css: { colorPalette: "blue", w: "fit-content" } },
  raise: { recipe: "button", variants: { variant: "outline" }, css: { colorPalette: "blue", w: "fit-content" } },
  spinner: { recipe: "spinner", variants: { size: "inherit" }, css: { borderWidth: "0.125em", color: "inherit" } },
  suggestions: { display: "flex", flexDirection: "row", alignItems: "center", gap: "2", flexWrap: "wrap" },
  suggestion: { recipe: "button", variants: { size: "sm", variant: "outline" }, css: { colorPalette: "blue" } },
  suggestionPicked: { recipe: "button", variants: { size: "sm", variant: "solid" }, css: { colorPalette: "blue" } },
  alertSuccess: { slotRecipe: "alert", slot: "root", variants: { status: "success" } },
  alertError: { slotRecipe: "alert", slot: "root", variants: { status: "error" } },
  alertIndicator: { slotRecipe: "alert", slot: "indicator" },
  alertTitle: { slotRecipe: "alert", slot: "title" },
  buyNow: { display: "flex", flexDirection: "column", gap: "2", borderTopWidth: "1px", pt: "4" },
});

/** The solid badge class of a status palette (docs/product/auctions.md#states: active green, upcoming blue, ended grey, cancelled red). */
export const STATUS_BADGE = { green: lot.badgeGreen, blue: lot.badgeBlue, gray: lot.badgeGray, red: lot.badgeRed } as const;
