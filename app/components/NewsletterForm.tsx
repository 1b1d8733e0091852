import { Box, Button, Field, HStack, Input, Text } from "@chakra-ui/react";
import { useFetcher } from "@remix-run/react";
import type { action } from "~/routes/newsletter.tsx";
import { Honeypot } from "./Honeypot.tsx";

export function NewsletterForm() {
  const fetcher = useFetcher<typeof action>();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  return (
    <Box>
      <Text fontWeight="semibold" mb="2">
        Newsletter
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="3">
        New equipment, auction highlights and buying tips, once a month.
      </Text>
      <fetcher.Form method="post" action="/newsletter" noValidate>
        <Honeypot />
        <Field.Root invalid={Boolean(result && !result.ok)}>
          <Field.Label srOnly>Email address for the newsletter</Field.Label>
          <HStack w="full">
            <Input name="email" type="email" placeholder="you@company.com" autoComplete="email" bg="bg" size="sm" />
            <Button type="submit" size="sm" colorPalette="blue" loading={busy}>
              Subscribe
            </Button>
          </HStack>
          {result && !result.ok ? <Field.ErrorText>{result.message}</Field.ErrorText> : null}
        </Field.Root>
        {result?.ok ? (
          <Text role="status" fontSize="sm" color="green.fg" mt="2">
            {result.message}
          </Text>
        ) : null}
      </fetcher.Form>
    </Box>
  );
}
