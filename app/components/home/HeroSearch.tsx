// The hero: the page's heading, the search box and the first links, with the AI creator panel beside it.
// The search is a GET form to /listings that works without JavaScript; with it, the text is trimmed first.
import { Box, Button, Container, Field, Grid, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink, useNavigate } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import type { HomeViewer } from "./viewer.ts";

export const SEARCH_REQUIRED_MESSAGE = "Enter what you are looking for, e.g. a brand, model or type of equipment.";

/** At least one character that is not white space (the browser checks it before the form is sent). */
const NOT_BLANK = ".*\\S.*";

function SearchGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
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
    <Box as="section" aria-labelledby="hero-heading" bg="blue.subtle" borderBottomWidth="1px" borderColor="blue.muted">
      <Container maxW="7xl" py={{ base: "10", md: "16" }}>
        <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} gap={{ base: "8", lg: "12" }} alignItems="center">
          <Stack gap="5">
            <Heading as="h1" id="hero-heading" size={{ base: "3xl", md: "5xl" }} lineHeight="1.1">
              The marketplace for industrial electronics and test equipment
            </Heading>
            <Text fontSize="lg" color="fg.muted" maxW="2xl">
              Buy and sell oscilloscopes, analyzers, PLCs, drives, lab instruments and heavy equipment. Payment is held in
              escrow, sellers are verified, and every purchase comes with buyer protection.
            </Text>
            <form
              method="get"
              action="/listings"
              role="search"
              aria-label="Search equipment"
              onSubmit={search}
              onInput={(event) => (event.target as HTMLInputElement).setCustomValidity?.("")}
            >
              <Field.Root>
                <Field.Label srOnly>Search equipment</Field.Label>
                <HStack gap="2" w="full" maxW="2xl" align="stretch">
                  <Input
                    name="search"
                    type="search"
                    size="lg"
                    bg="bg"
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
                  <Button type="submit" size="lg" colorPalette="blue">
                    <SearchGlyph />
                    Search
                  </Button>
                </HStack>
              </Field.Root>
            </form>
            <HStack gap="3" wrap="wrap">
              <Button asChild variant="outline" size="md" bg="bg">
                <RemixLink to="/listings">Browse Equipment</RemixLink>
              </Button>
              {!viewer.signedIn ? (
                <Button asChild variant="outline" size="md" bg="bg">
                  <RemixLink to="/register">Create an Account</RemixLink>
                </Button>
              ) : viewer.canSell ? (
                <Button asChild variant="outline" size="md" bg="bg">
                  <RemixLink to="/create-listing">Create Listing</RemixLink>
                </Button>
              ) : null}
            </HStack>
          </Stack>
          {aside}
        </Grid>
      </Container>
    </Box>
  );
}
