// /about: who Tradebench is for and how it works (docs/product/platform.md#public-pages): story, mission, differentiators, team, and the
// ways in (register; the contact form once it exists). Figures come from the fee schedule.
import { Box, Button, Heading, HStack, SimpleGrid, Text } from "@chakra-ui/react";
import type { MetaFunction } from "@remix-run/node";
import { Link as RemixLink, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Bullets, PolicyPage, PolicySection } from "~/components/site-pages/PolicyPage.tsx";
import { CONTACT_PAGE } from "~/lib/contact-page.ts";
import { FEE_SCHEDULE, formatRate, INSPECTION_PERIOD_DAYS } from "~/lib/fees.ts";

export const meta: MetaFunction = () => [
  { title: "About Tradebench — the marketplace for industrial equipment" },
  {
    name: "description",
    content: "Tradebench connects engineers, labs, plants and resellers buying and selling used and new test equipment, automation parts and heavy machinery.",
  },
];

const MISSION = [
  {
    title: "Innovation",
    text: "Tools that save engineers time: an AI assistant that drafts a listing from a model number, price guidance from real sales, saved-search alerts.",
  },
  { title: "Transparency", text: "One published price list, condition and test level on every listing, and bid histories anyone can read." },
  { title: "Trust", text: "Payments held in escrow until the buyer has inspected the equipment, and a team that settles disputes." },
  { title: "Community", text: "A forum and a knowledge base where people who repair, calibrate and run this equipment share what they know." },
];

const TEAMS = [
  { title: "Marketplace engineering", text: "Builds the listings, auctions, search and escrow you use every day." },
  { title: "Trust & safety", text: "Reviews reported listings and members, and keeps prohibited items off the marketplace." },
  { title: "Dispute resolution", text: "Reads both sides of every dispute and decides where the escrowed payment goes." },
  { title: "Member support", text: "Answers buyers' and sellers' questions, from first listing to final payout." },
];

export function loader() {
  return { lowestRateBp: Math.min(...Object.values(FEE_SCHEDULE.successFeeBp)), inspectionDays: INSPECTION_PERIOD_DAYS };
}

export default function AboutPage() {
  const { lowestRateBp, inspectionDays } = useLoaderData<typeof loader>();
  return (
    <PolicyPage
      title="About Tradebench"
      lead="A marketplace for the equipment that keeps labs, plants and workshops running: test and measurement instruments, industrial electronics, automation parts and heavy equipment."
    >
      <PolicySection id="story" title="Our story">
        <Text>
          Good used equipment is everywhere: a spectrum analyser retired after a product line ends, spare drives left over from a plant upgrade, a whole panel
          of PLCs from a decommissioned line. Buyers who need them usually find them through phone calls, brokers and general classified sites where a listing
          says little and payment is a leap of faith.
        </Text>
        <Text>
          Tradebench was started to make that trade as dependable as buying new: listings that say what an engineer needs to know, auctions and fixed prices
          side by side, and money that only moves when the equipment has arrived and works.
        </Text>
      </PolicySection>

      <PolicySection id="mission" title="Our mission">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {MISSION.map((item) => (
            <Box key={item.title} borderWidth="1px" rounded="lg" p="4" bg="bg.panel">
              <Heading as="h3" size="md" mb="1">
                {item.title}
              </Heading>
              <Text color="fg.muted">{item.text}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </PolicySection>

      <PolicySection id="why-tradebench" title="What makes us different">
        <Bullets
          items={[
            `Listing is free, and sellers pay a success fee from ${formatRate(lowestRateBp)} only when something sells.`,
            `Every purchase is paid into escrow, with ${inspectionDays} days to inspect the equipment before the seller is paid.`,
            "Built for technical gear: categories, brands, conditions and test levels that match how equipment is really sold.",
            "Buy It Now, auctions and hybrids, with live bidding and automatic bids up to your maximum.",
            "A free AI assistant that writes a first draft of your listing from the brand, model and photos.",
          ]}
        />
      </PolicySection>

      <PolicySection id="team" title="Our team">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {TEAMS.map((team) => (
            <Box key={team.title} borderWidth="1px" rounded="lg" p="4">
              <Heading as="h3" size="md" mb="1">
                {team.title}
              </Heading>
              <Text color="fg.muted">{team.text}</Text>
            </Box>
          ))}
        </SimpleGrid>
      </PolicySection>

      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="blue">
          <RemixLink to="/register">Join Tradebench</RemixLink>
        </Button>
        <Button asChild variant="outline">
          <RemixLink to={CONTACT_PAGE}>Contact us</RemixLink>
        </Button>
      </HStack>
    </PolicyPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
