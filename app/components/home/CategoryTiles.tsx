// Browse by Category: the eight tiles of spec 01 §2, each with its name, a short line and its live count.
import { Box, Card, Container, Heading, LinkBox, LinkOverlay, SimpleGrid, Text } from "@chakra-ui/react";
import { Link as RemixLink } from "@remix-run/react";
import { formatCount } from "~/lib/money.ts";
import { categoryHref } from "./CategoryBrowser.tsx";

/** The tiles' category slugs in their order (spec 01 §2), with a line on what each holds. */
export const CATEGORY_TILES: ReadonlyArray<{ slug: string; blurb: string }> = [
  { slug: "test_measurement", blurb: "Oscilloscopes, analyzers, signal generators and meters" },
  { slug: "automation_control", blurb: "PLCs, HMIs, drives, servo motors and sensors" },
  { slug: "electronic_components", blurb: "ICs, FPGAs, passives, connectors and relays" },
  { slug: "data_acquisition", blurb: "Data loggers, DAQ modules and PXI systems" },
  { slug: "lab_scientific", blurb: "Microscopes, spectrometers, centrifuges and balances" },
  { slug: "electrical_power", blurb: "Switchgear, breakers, motor control and motors" },
  { slug: "process_equipment", blurb: "Flow meters, transmitters, analyzers and valves" },
  { slug: "heavy_equipment", blurb: "Construction, mining and material handling machines" },
];

export interface CategoryTile {
  slug: string;
  name: string;
  blurb: string;
  activeListings: number;
}

function listingCount(count: number): string {
  return count === 1 ? "1 listing" : `${formatCount(count)} listings`;
}

export function CategoryTiles({ tiles }: { tiles: CategoryTile[] }) {
  return (
    <Box as="section" aria-labelledby="tiles-heading" py="12">
      <Container maxW="7xl">
        <Heading as="h2" id="tiles-heading" size="2xl" mb="6">
          Browse by Category
        </Heading>
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {tiles.map((tile) => (
            <LinkBox as="li" key={tile.slug} h="full">
              <Card.Root h="full" size="sm" _hover={{ borderColor: "blue.solid" }} _focusWithin={{ borderColor: "blue.solid" }}>
                <Card.Body gap="1">
                  <LinkOverlay asChild>
                    <RemixLink to={categoryHref(tile.slug)}>
                      <Text as="h3" fontWeight="semibold" fontSize="md">
                        {tile.name}
                      </Text>
                    </RemixLink>
                  </LinkOverlay>
                  <Text fontSize="sm" color="fg.muted">
                    {tile.blurb}
                  </Text>
                  <Text fontSize="sm" fontWeight="medium" color="blue.fg" mt="auto" pt="2" data-testid="tile-count">
                    {listingCount(tile.activeListings)}
                  </Text>
                </Card.Body>
              </Card.Root>
            </LinkBox>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
