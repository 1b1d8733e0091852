// The frame of the static and policy pages (docs/product/platform.md#public-pages): one h1, an optional "Last updated" line and lead, then
// sections whose h2 carries an id, so a section can be linked to (the Terms link to the Prohibited Conduct policy's
// enforcement section, for example).
import { Box, Container, Heading, Link, List, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";

export function PolicyPage({ title, updated, lead, children }: { title: string; updated?: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <Container maxW="4xl" py={{ base: "6", md: "10" }}>
      <Stack gap="8">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {title}
          </Heading>
          {updated ? (
            <Text color="fg.muted" fontSize="sm">
              Last updated {updated}
            </Text>
          ) : null}
          {lead ? (
            <Text fontSize="lg" color="fg.muted">
              {lead}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

export function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading as="h2" size="xl" id={id} mb="3" scrollMarginTop="24">
        {title}
      </Heading>
      <Stack gap="3" lineHeight="tall">
        {children}
      </Stack>
    </Box>
  );
}

export function PolicySubsection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Heading as="h3" size="md" mb="2">
        {title}
      </Heading>
      <Stack gap="2">{children}</Stack>
    </Box>
  );
}

export function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <List.Root ps="5" gap="1">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

export function Steps({ items, label }: { items: ReactNode[]; label: string }) {
  return (
    <List.Root as="ol" ps="5" gap="2" aria-label={label}>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** An in-site link drawn as a link. */
export function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild colorPalette="blue" textDecoration="underline">
      <RemixLink to={to}>{children}</RemixLink>
    </Link>
  );
}
