// ai_stats for administrators (docs/product/listings.md#ai-assistant Aggregate stats; docs/product/admin.md#dashboard "AI Listings Processed"): generations
// processed, those saved as listings, and the share the built-in generator wrote instead of the model.
import { Box, Heading, SimpleGrid, Stat, Text } from "@chakra-ui/react";
import { formatCount } from "~/lib/money.ts";

export interface AiStatsView {
  listingsProcessed: number;
  successfulListings: number;
  fallbackGenerations: number;
  /** Listings marked ai_generated (the home page's "AI Listings Created"). */
  aiListings: number;
}

function percent(part: number, whole: number): string {
  return whole === 0 ? "—" : `${Math.round((part / whole) * 100)}%`;
}

export function AiStatsPanel({ stats }: { stats: AiStatsView }) {
  const items = [
    { label: "AI Listings Processed", value: formatCount(stats.listingsProcessed), help: "Drafts the assistant generated" },
    {
      label: "Successful Listings",
      value: formatCount(stats.successfulListings),
      help: `${percent(stats.successfulListings, stats.listingsProcessed)} of drafts were saved as listings`,
    },
    {
      label: "Generated Without AI",
      value: percent(stats.fallbackGenerations, stats.listingsProcessed),
      help: `${formatCount(stats.fallbackGenerations)} drafts by the built-in generator (no model, or the model failed)`,
    },
    { label: "AI Listings Created", value: formatCount(stats.aiListings), help: "Listings marked as AI-generated, any status" },
  ];
  return (
    <Box as="section" aria-labelledby="ai-stats-heading">
      <Heading as="h2" size="lg" mb="4" id="ai-stats-heading">
        AI listing assistant
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="4">
        {items.map((item) => (
          <Stat.Root key={item.label} borderWidth="1px" rounded="lg" p="4" data-stat={item.label}>
            <Stat.Label>{item.label}</Stat.Label>
            <Stat.ValueText fontSize="2xl" data-figure="">
              {item.value}
            </Stat.ValueText>
            <Text fontSize="sm" color="fg.muted">
              {item.help}
            </Text>
          </Stat.Root>
        ))}
      </SimpleGrid>
    </Box>
  );
}
