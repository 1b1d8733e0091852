// Static classes for the listing page (see app/lib/static-styles.ts): /listings/{id} is a page buyers land on, so it
// renders no Chakra component (making Chakra's system is the browser's longest start-up task on a phone).
// The looks are Chakra's own: the same recipes, slot recipes and tokens the page used as components.
import type { SystemStyleObject } from "@chakra-ui/react";
import { gridColumns, hstackLook as hstack, stackLook as stack, staticClasses, type StaticStyle } from "~/lib/static-styles.ts";
import { TOUCH, TOUCH_TARGET } from "~/lib/touch.ts";

/** The page frame, the two column layout and the sections below the showcase. */
export const page = staticClasses("detail", {
  /** Chakra's <Container maxW="7xl" py={{ base: "6", md: "10" }}>. */
  container: { recipe: "container", css: { maxW: "7xl", py: { base: "6", md: "10" } } },
  columns: { display: "grid", gridTemplateColumns: { base: "1fr", lg: "minmax(0, 7fr) minmax(0, 5fr)" }, gap: { base: "8", lg: "10" } },
  columnsBelow: { mt: "10" },
  cell: { minW: "0" },
  side: stack("6"),
  story: { ...stack("8"), minW: "0" },
  section: stack("3"),
  sectionHeading: { recipe: "heading", variants: { size: "lg" } },
  description: { whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
  muted: { color: "fg.muted" },
  features: { slotRecipe: "list", slot: "root", css: { "--list-gap": "spacing.1", ps: "5" } },
  feature: { slotRecipe: "list", slot: "item", css: { overflowWrap: "anywhere" } },
  related: { mt: "14" },
  relatedHeading: { recipe: "heading", variants: { size: "xl" }, css: { mb: "5" } },
  relatedGrid: { ...gridColumns({ base: 1, sm: 2, lg: 4 }), gap: "5" },
});

const crumb = (slot: string, css?: SystemStyleObject): StaticStyle => ({ slotRecipe: "breadcrumb", slot, variants: { size: "md" }, css: css ?? {} });

/** Chakra's <Breadcrumb.* size="md">. */
export const breadcrumb = staticClasses("detail-crumb", {
  root: crumb("root", { mb: "6" }),
  list: crumb("list", { flexWrap: "wrap" }),
  item: crumb("item"),
  itemCurrent: crumb("item", { minW: "0" }),
  link: crumb("link"),
  separator: crumb("separator"),
  current: crumb("currentLink", { overflowWrap: "anywhere" }),
});

/** The gallery: the large picture, its arrows, the position line and the thumbnails. */
export const gallery = staticClasses("detail-gallery", {
  /** Chakra's <AspectRatio ratio={4 / 3}>: a 4:3 box whose one child fills it. */
  frame: {
    display: "block",
    position: "relative",
    aspectRatio: "4 / 3",
    "& > *": { position: "absolute", inset: "0", w: "100%", h: "100%", overflow: "hidden", display: "flex", justifyContent: "center", alignItems: "center" },
    // As Chakra's AspectRatio drew it (its rule outweighed the main picture's own objectFit="contain").
    "& > img": { objectFit: "cover" },
  },
  empty: { bg: "bg.muted", rounded: "lg" },
  placeholder: { display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: "2", color: "fg.muted" },
  placeholderText: { fontSize: "sm" },
  viewport: {
    position: "relative",
    rounded: "lg",
    overflow: "hidden",
    bg: "bg.muted",
    touchAction: "pan-y",
    userSelect: "none",
    focusRing: "outside",
  },
  arrow: {
    recipe: "button",
    variants: { variant: "surface", size: "sm" },
    css: { position: "absolute", top: "50%", transform: "translateY(-50%)", rounded: "full", px: "0", py: "0", _icon: { fontSize: "1.2em" } },
  },
  arrowPrevious: { left: "2" },
  arrowNext: { right: "2" },
  position: { fontSize: "sm", color: "fg.muted", mt: "2" },
  thumbnails: { display: "flex", flexWrap: "wrap", listStyleType: "none", gap: "2", mt: "2" },
  thumbnail: {
    display: "block",
    w: "20",
    rounded: "md",
    overflow: "hidden",
    borderWidth: "2px",
    borderColor: "transparent",
    focusRing: "outside",
    cursor: "pointer",
    p: "0",
    bg: "transparent",
    "&[aria-current=true]": { borderColor: "blue.solid" },
  },
  thumbnailFrame: { bg: "bg.muted" },
});

const badge = (variants: Record<string, string>, colorPalette?: string): StaticStyle => ({
  recipe: "badge",
  variants: { size: "lg", ...variants },
  css: colorPalette ? { colorPalette } : {},
});

/** The title block: status badges, the h1, the price and the condition. */
export const summary = staticClasses("detail-summary", {
  root: stack("3"),
  badges: { ...hstack("2"), flexWrap: "wrap" },
  statusGray: badge({ variant: "solid" }, "gray"),
  statusRed: badge({ variant: "solid" }, "red"),
  featured: badge({ variant: "solid" }, "orange"),
  auction: badge({}, "purple"),
  condition: badge({ variant: "outline" }),
  /** Chakra's <Heading size={{ base: "2xl", md: "3xl" }}>. */
  title: { recipe: "heading", variants: { size: "2xl" }, css: { textStyle: { base: "2xl", md: "3xl" }, overflowWrap: "anywhere" } },
  priceLine: { ...hstack("4"), flexWrap: "wrap", alignItems: "baseline" },
  price: { fontSize: "3xl", fontWeight: "bold", color: "blue.fg" },
});

const dataList = (size: string) => {
  const part = (slot: string, css: SystemStyleObject = {}): StaticStyle => ({
    slotRecipe: "dataList",
    slot,
    variants: { orientation: "horizontal", size },
    css,
  });
  return {
    root: part("root", { gap: "2" }),
    item: part("item"),
    label: part("itemLabel"),
    value: part("itemValue", { overflowWrap: "anywhere" }),
  };
};

/** Chakra's <DataList.* orientation="horizontal" gap="2" size="md">: the listing's facts. */
export const facts = staticClasses("detail-facts", {
  ...dataList("md"),
  categoryLink: { recipe: "link", variants: { variant: "underline" }, css: { colorPalette: "blue", [TOUCH]: { minH: TOUCH_TARGET } } },
});

/** The same list at size "sm", with the value's line breaks kept: testing and calibration. */
export const calibrationFacts = staticClasses("detail-calibration-facts", {
  ...dataList("sm"),
  valueKept: { whiteSpace: "pre-wrap" },
});

const cardPart = (slot: string, variant: string, css: SystemStyleObject = {}): StaticStyle => ({ slotRecipe: "card", slot, variants: { variant }, css });

/** Chakra's <Card.Root> (outline) and <Card.Root variant="subtle"> with a <Card.Body>. */
export const panel = staticClasses("detail-panel", {
  root: cardPart("root", "outline"),
  body: cardPart("body", "outline", { gap: "3" }),
  subtleRoot: cardPart("root", "subtle"),
  subtleBody: cardPart("body", "subtle", { gap: "4" }),
  heading: { recipe: "heading", variants: { size: "md" } },
  accredited: { recipe: "badge", variants: { variant: "solid" }, css: { colorPalette: "green", w: "fit-content" } },
  overdue: { recipe: "badge", variants: { variant: "solid" }, css: { colorPalette: "red", w: "fit-content" } },
});

/** How the listing is sold: type, prices, and the buttons. */
export const typePanel = staticClasses("detail-type", {
  title: stack("1"),
  label: { fontSize: "sm", color: "fg.muted" },
  heading: { recipe: "heading", variants: { size: "lg" } },
  rows: stack("2"),
  row: { ...hstack("4"), justifyContent: "space-between" },
  rowLabel: { color: "fg.muted" },
  rowPrice: { fontWeight: "bold", fontSize: "lg" },
  sold: { fontWeight: "semibold" },
  actions: { ...hstack("3"), flexWrap: "wrap" },
  buy: { recipe: "button", css: { colorPalette: "blue" } },
  edit: { recipe: "button", variants: { variant: "outline" }, css: { colorPalette: "blue" } },
  refusal: { color: "red.fg", fontWeight: "medium" },
});

const avatarPart = (slot: string, css: SystemStyleObject = {}): StaticStyle => ({ slotRecipe: "avatar", slot, variants: { size: "lg" }, css });

/** Who sells. */
export const seller = staticClasses("detail-seller", {
  who: hstack("3"),
  avatar: avatarPart("root", { colorPalette: "blue" }),
  /** Over the initials; an avatar that fails to load (alt="") leaves them showing. */
  avatarImage: avatarPart("image", { position: "absolute", inset: "0" }),
  avatarFallback: avatarPart("fallback"),
  lines: stack("1"),
  name: { fontWeight: "semibold" },
  profileLink: { color: "blue.fg", textDecoration: "underline", _hover: { textDecoration: "none" } },
  rating: { fontSize: "sm", color: "fg.muted" },
  verified: { recipe: "badge", variants: { variant: "subtle" }, css: { colorPalette: "green", w: "fit-content" } },
});

const tablePart = (slot: string, css: SystemStyleObject = {}): StaticStyle => ({
  slotRecipe: "table",
  slot,
  variants: { size: "sm", variant: "outline", striped: true },
  css,
});

/** Chakra's <Table.* size="sm" variant="outline" striped>. */
export const specifications = staticClasses("detail-specs", {
  root: tablePart("root"),
  body: tablePart("body"),
  row: tablePart("row"),
  name: tablePart("cell", { fontWeight: "semibold", w: { base: "40%", md: "35%" }, overflowWrap: "anywhere" }),
  value: tablePart("cell", { overflowWrap: "anywhere" }),
});

/** The owner's watcher count. */
export const watchers = staticClasses("detail-watchers", {
  root: { ...hstack("2"), color: "fg.muted" },
  text: { fontSize: "sm", fontWeight: "medium" },
});
