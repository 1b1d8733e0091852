// The AI listing creator, as the hero's side panel. The assistant itself arrives with a later release, so the
// panel says so plainly and leads sellers to the listing form that exists today; it never links to a missing page.
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
            Coming soon
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
              <Text fontSize="sm" color="fg.muted" mb="3">
                Until the assistant is switched on, the listing form takes you through every field.
              </Text>
              <Button asChild colorPalette="blue">
                <RemixLink to="/create-listing">Create Listing</RemixLink>
              </Button>
            </>
          ) : viewer.signedIn ? (
            <Text fontSize="sm" color="fg.muted">
              Listing equipment is open to seller accounts.
            </Text>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Selling? Open a seller account and list with the listing form today.
            </Text>
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
