// /faq: frequently asked questions with a working search (docs/product/platform.md#public-pages, docs/product/platform.md#routes). The answers quote the figures the
// code enforces; those that live in server modules (link lifetimes, the AI assistant's allowance) are read here.
import { Text } from "@chakra-ui/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { FaqBrowser } from "~/components/site-pages/FaqBrowser.tsx";
import { faqSections } from "~/components/site-pages/faq-sections.ts";
import { PolicyPage } from "~/components/site-pages/PolicyPage.tsx";
import { ReachSupport } from "~/components/site-pages/ReachUs.tsx";
import { FAQ_SEARCH_MAX_LENGTH } from "~/lib/faq-search.ts";
import { MIN_PASSWORD_LENGTH } from "~/schemas/fields.ts";
import { CONFIRMATION_TOKEN_TTL_HOURS, RESET_TOKEN_TTL_HOURS } from "~/services/accounts/index.server.ts";
import { AI_RATE_LIMITS } from "~/services/ai/index.server.ts";

export const meta: MetaFunction = () => [
  { title: "Frequently asked questions — Tradebench" },
  {
    name: "description",
    content: "Answers about buying, selling, shipping, escrow payments, accounts and the AI listing assistant on Tradebench, with a search.",
  },
];

const HOUR_MS = 3_600_000;

export function loader({ request }: LoaderFunctionArgs) {
  const query = (new URL(request.url).searchParams.get("q") ?? "").slice(0, FAQ_SEARCH_MAX_LENGTH);
  const sections = faqSections({
    minPasswordLength: MIN_PASSWORD_LENGTH,
    passwordResetLinkHours: RESET_TOKEN_TTL_HOURS,
    emailConfirmationLinkHours: CONFIRMATION_TOKEN_TTL_HOURS,
    aiMemberAllowance: { limit: AI_RATE_LIMITS.memberPerUser.limit, hours: AI_RATE_LIMITS.memberPerUser.windowMs / HOUR_MS },
    aiVisitorAllowance: { limit: AI_RATE_LIMITS.visitorPerIp.limit, hours: AI_RATE_LIMITS.visitorPerIp.windowMs / HOUR_MS },
  });
  return { sections, query };
}

export default function FaqPage() {
  const { sections, query } = useLoaderData<typeof loader>();
  return (
    <PolicyPage title="Frequently asked questions" lead="Quick answers about buying, selling and getting paid on Tradebench.">
      <FaqBrowser sections={sections} initialQuery={query} />
      <Text color="fg.muted">
        Did not find your answer? <ReachSupport />
      </Text>
    </PolicyPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
