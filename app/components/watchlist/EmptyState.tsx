// An empty tab: what is missing, a line on how to fill it, and where to go.
import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import type { ReactNode } from "react";

export function EmptyState({ title, children, link }: { title: string; children: ReactNode; link: { to: string; label: string } }) {
  return (
    <Stack align="center" textAlign="center" gap="3" py="12" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <Text color="fg.muted">{children}</Text>
      <Button asChild colorPalette="blue">
        <RemixLink to={link.to}>{link.label}</RemixLink>
      </Button>
    </Stack>
  );
}
