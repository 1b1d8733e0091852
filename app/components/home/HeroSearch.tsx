// The hero: the page's heading, the search box and the first links, with the AI creator panel beside it.
// The search is a GET form to /listings that works without JavaScript; with it, the text is trimmed first.
import { useNavigate } from "@remix-run/react";
import { AppLink } from "~/components/AppLink.tsx";
import type { FormEvent, ReactNode } from "react";
import { staticClasses } from "~/lib/static-styles.ts";
import { home } from "./home-styles.ts";
import type { HomeViewer } from "./viewer.ts";

const SEARCH_REQUIRED_MESSAGE = "Enter what you are looking for, e.g. a brand, model or type of equipment.";

/** At least one character that is not white space (the browser checks it before the form is sent). */
const NOT_BLANK = ".*\\S.*";

const SEARCH_INPUT_ID = "hero-search";

const hero = staticClasses("hero", {
  section: { bg: "blue.subtle", borderBottomWidth: "1px", borderColor: "blue.muted" },
  container: { recipe: "container", css: { maxW: "7xl", py: { base: "10", md: "16" } } },
  layout: {
    display: "grid",
    gridTemplateColumns: { base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" },
    gap: { base: "8", lg: "12" },
    alignItems: "center",
  },
  main: { display: "flex", flexDirection: "column", gap: "5" },
  /** <Heading size={{ base: "3xl", md: "5xl" }} lineHeight="1.1">: the sizes' font size and letter spacing, one line height. */
  title: { recipe: "heading", css: { fontSize: { base: "3xl", md: "5xl" }, letterSpacing: { md: "tight" }, lineHeight: "1.1" } },
  lead: { fontSize: "lg", color: "fg.muted", maxW: "2xl" },
  field: { slotRecipe: "field", slot: "root" },
  searchRow: { display: "flex", alignItems: "stretch", gap: "2", w: "full", maxW: "2xl" },
  input: { recipe: "input", variants: { size: "lg" }, css: { bg: "bg" } },
  submit: { recipe: "button", variants: { size: "lg" }, css: { colorPalette: "blue" } },
});

function SearchGlyph() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

export function HeroSearch({ viewer, aside }: { viewer: HomeViewer; aside?: ReactNode }) {
  const navigate = useNavigate();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("search") as HTMLInputElement;
    const text = input.value.trim();
    if (!text) {
      input.setCustomValidity(SEARCH_REQUIRED_MESSAGE);
      input.reportValidity();
      return;
    }
    navigate(`/listings?${new URLSearchParams({ search: text })}`);
  }

  return (
    <section aria-labelledby="hero-heading" className={hero.section}>
      <div className={hero.container}>
        <div className={hero.layout}>
          <div className={hero.main}>
            <h1 id="hero-heading" className={hero.title}>
              The marketplace for industrial electronics and test equipment
            </h1>
            <p className={hero.lead}>
              Buy and sell oscilloscopes, analyzers, PLCs, drives, lab instruments and heavy equipment. Payment is held in escrow, sellers can be verified by
              our staff (look for the Verified Seller badge), and every purchase comes with buyer protection.
            </p>
            <form
              method="get"
              action="/listings"
              role="search"
              aria-label="Search equipment"
              onSubmit={search}
              onInput={(event) => (event.target as HTMLInputElement).setCustomValidity?.("")}
            >
              <div role="group" className={hero.field}>
                <label htmlFor={SEARCH_INPUT_ID} className={home.srOnly}>
                  Search equipment
                </label>
                <div className={hero.searchRow}>
                  <input
                    id={SEARCH_INPUT_ID}
                    name="search"
                    type="search"
                    className={hero.input}
                    required
                    pattern={NOT_BLANK}
                    title={SEARCH_REQUIRED_MESSAGE}
                    placeholder="Search by brand, model or keyword"
                    autoComplete="off"
                    enterKeyHint="search"
                    onInvalid={(event) => {
                      const input = event.currentTarget;
                      if (input.validity.valueMissing || input.validity.patternMismatch) input.setCustomValidity(SEARCH_REQUIRED_MESSAGE);
                    }}
                  />
                  <button type="submit" className={hero.submit}>
                    <SearchGlyph />
                    Search
                  </button>
                </div>
              </div>
            </form>
            <div className={home.buttonRow}>
              <AppLink to="/listings" className={home.outlineButton}>
                Browse Equipment
              </AppLink>
              {!viewer.signedIn ? (
                <AppLink to="/register" className={home.outlineButton}>
                  Create an Account
                </AppLink>
              ) : viewer.canSell ? (
                <AppLink to="/create-listing" className={home.outlineButton}>
                  Create Listing
                </AppLink>
              ) : null}
            </div>
          </div>
          {aside}
        </div>
      </div>
    </section>
  );
}
