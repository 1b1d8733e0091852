// Static classes shared by the home page's sections (see app/lib/static-styles.ts). The home page is a landing page:
// it renders no Chakra component, so the browser never makes Chakra's system while it starts; its sections
// use plain elements with these classes and their own (each section's module defines the rest).
import { staticClasses } from "~/lib/static-styles.ts";

export const home = staticClasses("home", {
  /** The middle band of the page: <Container maxW="7xl" py="12">. */
  page: { recipe: "container", css: { maxW: "7xl", py: "12" } },
  /** The category browser beside the featured listings. */
  layout: { display: "grid", gridTemplateColumns: { base: "1fr", lg: "280px minmax(0, 1fr)" }, gap: "8", alignItems: "start" },
  /** <Container maxW="7xl">. */
  container: { recipe: "container", css: { maxW: "7xl" } },
  /** A section's title: <Heading size="2xl" mb="6">. */
  sectionTitle: { recipe: "heading", variants: { size: "2xl" }, css: { mb: "6" } },
  /** Chakra's <Button colorPalette="blue" size="lg">. */
  primaryButtonLg: { recipe: "button", variants: { size: "lg" }, css: { colorPalette: "blue" } },
  /** Chakra's <Button variant="outline" size="lg" bg="bg">. */
  outlineButtonLg: { recipe: "button", variants: { variant: "outline", size: "lg" }, css: { bg: "bg" } },
  /** Chakra's <Button variant="outline" size="md" bg="bg">. */
  outlineButton: { recipe: "button", variants: { variant: "outline", size: "md" }, css: { bg: "bg" } },
  /** A row of buttons that wraps: <HStack gap="3" wrap="wrap">. */
  buttonRow: { display: "flex", alignItems: "center", gap: "3", flexWrap: "wrap" },
  mutedSmall: { fontSize: "sm", color: "fg.muted" },
  srOnly: { srOnly: true },
});
