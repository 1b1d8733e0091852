import { Box, Button, Card, Container, Heading, HStack, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { getDb } from "~/db.server.ts";
import { listCategoryTree } from "~/services/category.server.ts";

export const meta: MetaFunction = () => [{ title: "Tradebench — industrial electronics & test equipment marketplace" }];

export async function loader(_: LoaderFunctionArgs) {
  const tree = await listCategoryTree(getDb());
  return {
    groups: tree.map((main) => ({
      name: main.name,
      subcategories: main.children.map((sub) => ({ name: sub.name, slug: sub.slug, itemCount: sub.children.length, sample: sub.children.slice(0, 4).map((i) => i.name) })),
    })),
  };
}

export default function HomePage() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <>
      <Box bg="blue.subtle" py={{ base: "12", md: "20" }}>
        <Container maxW="7xl">
          <Stack gap="5" maxW="3xl">
            <Heading as="h1" size={{ base: "3xl", md: "5xl" }}>
              The marketplace for industrial electronics and test equipment
            </Heading>
            <Text fontSize="lg" color="fg.muted">
              Buy and sell oscilloscopes, PLCs, power supplies and heavy equipment with escrow payment, verified sellers and
              buyer protection.
            </Text>
            <HStack gap="3" wrap="wrap">
              <Button asChild colorPalette="blue" size="lg">
                <RemixLink to="/listings">Browse Equipment</RemixLink>
              </Button>
              <Button asChild variant="outline" size="lg">
                <RemixLink to="/register">Create an Account</RemixLink>
              </Button>
            </HStack>
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" py="12">
        <Heading as="h2" size="2xl" mb="6">
          Browse by Category
        </Heading>
        <Stack gap="10">
          {groups.map((group) => (
            <Box key={group.name}>
              <Heading as="h3" size="lg" mb="4" color="fg.muted">
                {group.name}
              </Heading>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
                {group.subcategories.map((sub) => (
                  <Card.Root key={sub.slug} size="sm" _hover={{ borderColor: "blue.solid" }}>
                    <Card.Body>
                      <Link asChild fontWeight="semibold" fontSize="md">
                        <RemixLink to={`/listings?category=${sub.slug}`}>{sub.name}</RemixLink>
                      </Link>
                      <Text fontSize="sm" color="fg.muted" mt="1">
                        {sub.sample.join(", ")} and {sub.itemCount - sub.sample.length} more
                      </Text>
                    </Card.Body>
                  </Card.Root>
                ))}
              </SimpleGrid>
            </Box>
          ))}
        </Stack>
      </Container>
    </>
  );
}
