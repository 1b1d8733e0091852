// The public profile's About, the contact details and the seller's or buyer's figures the privacy policy lets this
// viewer see.
import { Box, Heading, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { formatExactPrice, formatPrice } from "~/lib/money.ts";
import { formatResponseRate, formatResponseTime } from "~/lib/profiles.ts";
import type { MoneyTotal, PublicProfile } from "~/flows/index.server.ts";

function money(totals: MoneyTotal[]): string {
  return totals.length === 0 ? formatPrice(0) : totals.map((total) => formatExactPrice(total.cents, total.currency)).join(" + ");
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="xl" fontWeight="semibold">
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
    </Box>
  );
}

export function ProfileAbout({ profile }: { profile: PublicProfile }) {
  return (
    <Stack gap="4">
      <Box as="section" aria-labelledby="about-heading">
        <Heading as="h2" size="md" id="about-heading" mb="2">
          About
        </Heading>
        <Text color={profile.bio ? undefined : "fg.muted"} whiteSpace="pre-line">
          {profile.bio || `${profile.name} has not written anything about themselves yet.`}
        </Text>
        {profile.website ? (
          <Link href={profile.website} rel="nofollow noopener noreferrer" target="_blank" color="blue.fg">
            {profile.website}
          </Link>
        ) : null}
      </Box>
      {profile.email || profile.phone ? (
        <Box as="section" aria-labelledby="contact-heading">
          <Heading as="h2" size="md" id="contact-heading" mb="2">
            Contact
          </Heading>
          {profile.email ? <Text>{profile.email}</Text> : null}
          {profile.phone ? <Text>{profile.phone}</Text> : null}
        </Box>
      ) : null}
      {profile.sellerStats ? (
        <Box as="section" aria-labelledby="stats-heading">
          <Heading as="h2" size="md" id="stats-heading" mb="2">
            Seller stats
          </Heading>
          <SimpleGrid columns={3} gap="3">
            <Figure label="Active listings" value={String(profile.sellerStats.listings)} />
            <Figure label="Sold" value={String(profile.sellerStats.sold)} />
            <Figure label="Total sales" value={money(profile.sellerStats.totalSales)} />
            <Figure label="Response rate" value={formatResponseRate(profile.sellerStats.responseRate)} />
            <Figure label="Response time" value={formatResponseTime(profile.sellerStats.responseTimeMs)} />
          </SimpleGrid>
        </Box>
      ) : null}
      {profile.buyerStats ? (
        <Box as="section" aria-labelledby="stats-heading">
          <Heading as="h2" size="md" id="stats-heading" mb="2">
            Buyer stats
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="2">
            Only you and Tradebench administrators see these figures.
          </Text>
          <SimpleGrid columns={3} gap="3">
            <Figure label="Purchases" value={String(profile.buyerStats.purchases)} />
            <Figure label="Total spent" value={money(profile.buyerStats.totalSpent)} />
            <Figure label="Watching" value={String(profile.buyerStats.watching)} />
          </SimpleGrid>
        </Box>
      ) : null}
    </Stack>
  );
}
