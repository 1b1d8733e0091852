// The AI listing creator, as the hero's side panel: sellers open the wizard (/create-listing?tab=ai) or the listing
// form; visitors may try the wizard's first two steps and sign in to save (docs/decisions/0022-ai-wizard.md).
import { Badge, Box, Button, Card, Heading, HStack, List, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { HomeViewer } from "./viewer.ts";

const STEPS = [
  "You give the brand, model, condition and a few photos.",
  "The assistant drafts the title, description, specifications and features.",
  "It suggests a price from comparable listings; you review and publish.",
];

export function AiCreatorPanel({ viewer }: { viewer: HomeViewer }) {
  return (
    <Card.Root as="section" aria-labelledby="ai-creator-heading" variant="elevated" bg="bg">
      <Card.Body gap="4">
        <HStack justify="space-between" align="start" gap="3">
          <Heading as="h2" id="ai-creator-heading" size="lg">
            AI listing creator
          </Heading>
          <Badge colorPalette="purple" variant="surface" flexShrink={0}>
            Free
          </Badge>
        </HStack>
        <List.Root as="ol" gap="2" ps="5" color="fg.muted">
          {STEPS.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List.Root>
        <Box>
          {viewer.canSell ? (
            <>
              <HStack gap="3" flexWrap="wrap">
                <Button asChild colorPalette="purple">
                  <RemixLink to="/create-listing?tab=ai">Create with AI</RemixLink>
                </Button>
                <Button asChild colorPalette="blue" variant="outline">
                  <RemixLink to="/create-listing">Create Listing</RemixLink>
                </Button>
              </HStack>
            </>
          ) : viewer.signedIn ? (
            <Text fontSize="sm" color="fg.muted">
              Listing equipment is open to seller accounts.
            </Text>
          ) : (
            <>
              <Text fontSize="sm" color="fg.muted" mb="3">
                Try it without an account; to save the listing, sign in with a seller account.
              </Text>
              <Button asChild colorPalette="purple">
                <RemixLink to="/create-listing?tab=ai">Try the AI listing creator</RemixLink>
              </Button>
            </>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
