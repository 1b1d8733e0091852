// The four headline numbers (spec 01 §1), with thousands separators; total sales in whole US dollars.
import { Box, Container, SimpleGrid, Stat, VisuallyHidden } from "@chakra-ui/react";
import { formatCount, formatPrice } from "~/lib/money.ts";

export interface HomeStats {
  activeListings: number;
  activeUsers: number;
  totalSalesUsdCents: number;
  aiListings: number;
}

export function StatsStrip({ stats }: { stats: HomeStats }) {
  const items = [
    { label: "Active Listings", value: formatCount(stats.activeListings) },
    { label: "Active Users", value: formatCount(stats.activeUsers) },
    { label: "Total Sales (USD)", value: formatPrice(stats.totalSalesUsdCents, "USD") },
    { label: "AI Listings Created", value: formatCount(stats.aiListings) },
  ];
  return (
    <Box as="section" aria-labelledby="stats-heading" borderBottomWidth="1px" bg="bg.subtle">
      <VisuallyHidden asChild>
        <h2 id="stats-heading">Tradebench in numbers</h2>
      </VisuallyHidden>
      <Container maxW="7xl" py="6">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="6">
          {items.map((item) => (
            <Stat.Root key={item.label} data-stat={item.label} textAlign="center" alignItems="center">
              <Stat.Label color="fg.muted" fontSize="sm">
                {item.label}
              </Stat.Label>
              <Stat.ValueText fontSize={{ base: "2xl", md: "3xl" }} fontWeight="bold" color="blue.fg">
                {item.value}
              </Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
