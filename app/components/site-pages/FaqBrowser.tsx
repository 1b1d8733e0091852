// The FAQ's search and sections (docs/product/platform.md#public-pages, docs/product/platform.md#routes). The search is a GET form (without JavaScript, ?q= filters on
// the server) that filters as the visitor types once the page is hydrated, with the same rule (app/lib/faq-search.ts).
// Sections are native disclosure widgets: they open and close independently, with the keyboard too, General open
// until the visitor chooses otherwise; while searching, every section with a match is open.
import { Box, Heading, Input, Stack, Text, chakra } from "@chakra-ui/react";
import { Form } from "@remix-run/react";
import { useMemo, useState, type ChangeEvent } from "react";
import { FAQ_SEARCH_MAX_LENGTH, faqSearchWords, searchFaq, type FaqSection } from "~/lib/faq-search.ts";
import { PageLink } from "./PolicyPage.tsx";
import { ReachSupport } from "./ReachUs.tsx";

const Details = chakra("details");
const Summary = chakra("summary");

const FAQ_DEFAULT_OPEN = ["general"];

export function FaqBrowser({ sections, initialQuery }: { sections: FaqSection[]; initialQuery: string }) {
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(FAQ_DEFAULT_OPEN));
  const searching = faqSearchWords(query).length > 0;
  const shown = useMemo(() => searchFaq(sections, query), [sections, query]);
  const matches = shown.reduce((sum, section) => sum + section.entries.length, 0);

  const toggle = (id: string, isOpen: boolean) =>
    setOpen((current) => {
      if (current.has(id) === isOpen) return current;
      const next = new Set(current);
      if (isOpen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Stack gap="6">
      <Form method="get" role="search" aria-label="Search the FAQ" onSubmit={(event) => event.preventDefault()}>
        <Stack gap="2">
          <label htmlFor="faq-search">
            <Text as="span" fontWeight="semibold">
              Search the questions
            </Text>
          </label>
          <Input
            id="faq-search"
            name="q"
            type="search"
            value={query}
            maxLength={FAQ_SEARCH_MAX_LENGTH}
            placeholder="For example: refund, password, auction"
            onChange={(event: ChangeEvent<HTMLInputElement>) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </Stack>
      </Form>
      <Text role="status" aria-live="polite" color="fg.muted" fontSize="sm">
        {searching ? (matches === 0 ? "" : `${matches} ${matches === 1 ? "question matches" : "questions match"} your search.`) : ""}
      </Text>
      {searching && matches === 0 ? (
        <Box borderWidth="1px" rounded="lg" p="5" data-testid="faq-no-results">
          <Text fontWeight="semibold">No questions match “{query.trim()}”.</Text>
          <Text color="fg.muted">
            Try other words, such as “fee” or “dispute”, or clear the search to see every question. Still stuck? <ReachSupport />
          </Text>
        </Box>
      ) : null}
      {shown.map((section) => (
        <Details
          // A new search mode starts the sections afresh: all open while searching, the visitor's choice otherwise.
          key={`${section.id}-${searching ? "search" : "browse"}`}
          open={searching || open.has(section.id)}
          onToggle={(event) => {
            if (!searching) toggle(section.id, (event.currentTarget as HTMLDetailsElement).open);
          }}
          borderWidth="1px"
          rounded="lg"
          bg="bg.panel"
        >
          <Summary cursor="pointer" px="5" py="4" _focusVisible={{ outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" }}>
            <Heading as="h2" size="lg" display="inline">
              {section.title}
            </Heading>{" "}
            <Text as="span" color="fg.muted" fontSize="sm">
              ({section.entries.length} {section.entries.length === 1 ? "question" : "questions"})
            </Text>
          </Summary>
          <Stack gap="5" px="5" pb="5">
            {section.entries.map((entry) => (
              <Box key={entry.question}>
                <Heading as="h3" size="md" mb="1">
                  {entry.question}
                </Heading>
                <Text lineHeight="tall">{entry.answer}</Text>
                {entry.links?.length ? (
                  <Text mt="1">
                    {entry.links.map((link, index) => (
                      <span key={link.to}>
                        {index > 0 ? " · " : null}
                        <PageLink to={link.to}>{link.label}</PageLink>
                      </span>
                    ))}
                  </Text>
                ) : null}
              </Box>
            ))}
          </Stack>
        </Details>
      ))}
    </Stack>
  );
}
