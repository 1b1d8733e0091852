// The global footer: policy links, newsletter, social links, copyright with the current year.
import { Box, Container, Flex, HStack, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { FOOTER_LINKS, SOCIAL_LINKS } from "~/lib/navigation.ts";
import { NewsletterForm } from "./NewsletterForm.tsx";

export function SiteFooter({ year }: { year: number }) {
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="16">
      <Container maxW="7xl" py="10">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="8">
          <Stack gap="2">
            <Text fontWeight="bold" fontSize="lg" color="blue.fg">
              Tradebench
            </Text>
            <Text fontSize="sm" color="fg.muted">
              The premier marketplace for industrial electronics and test equipment.
            </Text>
          </Stack>
          <Box as="nav" aria-label="Footer">
            <SimpleGrid columns={2} gap="1">
              {FOOTER_LINKS.map((item) => (
                <Link asChild key={item.to} fontSize="sm" color="fg">
                  <RemixLink to={item.to}>{item.label}</RemixLink>
                </Link>
              ))}
            </SimpleGrid>
          </Box>
          <NewsletterForm />
        </SimpleGrid>
        <Flex mt="8" pt="6" borderTopWidth="1px" justify="space-between" wrap="wrap" gap="3">
          <Text fontSize="sm" color="fg.muted">
            © {year} Tradebench. All rights reserved.
          </Text>
          <HStack as="ul" aria-label="Tradebench on social media" gap="4" listStyleType="none">
            {SOCIAL_LINKS.map((item) => (
              <li key={item.to}>
                <Link href={item.to} fontSize="sm" color="fg" rel="noopener noreferrer" target="_blank">
                  {item.label}
                </Link>
              </li>
            ))}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
