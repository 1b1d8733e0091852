// For signed-in users: the way to their saved searches (the screen itself is on /watchlist).
import { Button, Card, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";

export function SavedSearchesCard() {
  return (
    <Card.Root size="sm" as="section" aria-labelledby="saved-searches-heading">
      <Card.Body gap="2">
        <Card.Title as="h2" id="saved-searches-heading" fontSize="md">
          Saved Searches
        </Card.Title>
        <Text fontSize="sm" color="fg.muted">
          Run your saved searches again and manage their alerts.
        </Text>
        <Button asChild size="sm" variant="outline" alignSelf="start">
          <RemixLink to="/watchlist?tab=saved-searches">View Saved Searches</RemixLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
