// /privacy: the Privacy Policy (docs/product/platform.md#public-pages), describing what this code stores and why: the account, sessions and
// the device cookie, listings, bids, orders and messages, views, the AI assistant's inputs and e-mail.
import { Text } from "@chakra-ui/react";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Bullets, PageLink, PolicyPage, PolicySection } from "~/components/site-pages/PolicyPage.tsx";
import { ReachTrustAndSafety } from "~/components/site-pages/ReachUs.tsx";
import { MINIMUM_MEMBER_AGE, MINIMUM_VISITOR_AGE } from "~/lib/membership-terms.ts";
import { trustAndSafetyContact } from "~/services/platform/index.server.ts";

export const meta: MetaFunction = () => [
  { title: "Privacy Policy — Tradebench" },
  {
    name: "description",
    content: "What Tradebench stores about buyers, sellers and visitors, why, who else sees it, the cookies we use and the choices you have.",
  },
];

export function loader() {
  return { contact: trustAndSafetyContact() };
}

export default function PrivacyPage() {
  const { contact } = useLoaderData<typeof loader>();
  return (
    <PolicyPage title="Privacy Policy" lead="We keep what the marketplace needs to work and to stay safe, and nothing we do not use.">
      <PolicySection id="what-we-collect" title="What we collect">
        <Bullets
          items={[
            "Your account: name, e-mail address, company if you give one, role, and your password, which we store only as a salted one-way hash.",
            "What you do on Tradebench: listings and their photos, bids, watched items, saved searches, offers, messages, orders, shipping addresses and tracking details.",
            "Listings you have viewed recently, so we can show them to you again, and view counts on listings (without your name).",
            "Technical data: your IP address and browser details, used to keep sessions secure and to limit repeated sign-in attempts and form submissions.",
            "Your newsletter subscription, if you sign up in the footer.",
          ]}
        />
      </PolicySection>

      <PolicySection id="how-we-use" title="How we use it">
        <Bullets
          items={[
            "To run your account and the marketplace: show listings, run auctions, take orders and hold payments in escrow.",
            "To send you the e-mails and notifications the marketplace needs: confirmations, outbid and won alerts, order updates, saved-search matches.",
            "To protect members: prevent fraud, investigate disputes and reports, and enforce our rules.",
            "To improve Tradebench, using counts and trends rather than individual profiles.",
          ]}
        />
      </PolicySection>

      <PolicySection id="sharing" title="Who else sees it">
        <Bullets
          items={[
            "Other members see your public profile and your listings; on an auction's bid history your bids show your first name and last initial.",
            "The other side of an order sees what they need to complete it: the buyer's name and shipping address go to the seller, the carrier and tracking number to the buyer.",
            "When you use the AI listing assistant, the brand, model, condition and photos you give it are sent to the language-model provider we use, only to write your listing.",
            "Providers that host Tradebench, store uploads and deliver our e-mail process data on our behalf.",
            "Authorities, when the law requires it or to report suspected crime.",
          ]}
        />
        <Text>We do not sell personal data.</Text>
      </PolicySection>

      <PolicySection id="cookies" title="Cookies and local storage">
        <Bullets
          items={[
            "A session cookie keeps you signed in.",
            "A device cookie, holding a random id only, lets us recognise a browser you have signed in from, so failed attempts elsewhere never slow you down.",
            "Your browser keeps your light or dark mode choice and, if you install the app, a copy of pages for use offline.",
          ]}
        />
        <Text>We use no advertising or third-party tracking cookies.</Text>
      </PolicySection>

      <PolicySection id="retention" title="How long we keep it">
        <Text>
          We keep your account data while your account is open. Orders and payment records are kept as long as tax and accounting law requires. Sign-in attempt
          records and rate-limit counters are short-lived and expire by themselves.
        </Text>
      </PolicySection>

      <PolicySection id="your-rights" title="Your choices and rights">
        <Text>
          You can see and correct your details on your profile, and unsubscribe from the newsletter at any time. You may ask us for a copy of the data we hold
          about you, to correct or erase it, or to stop using it for a purpose, subject to what the law requires us to keep.
        </Text>
      </PolicySection>

      <PolicySection id="children" title="Children">
        <Text>
          Tradebench is for businesses and adults. Accounts are for people aged {MINIMUM_MEMBER_AGE} and over, and we do not knowingly collect data from
          children under {MINIMUM_VISITOR_AGE}.
        </Text>
      </PolicySection>

      <PolicySection id="security" title="Security">
        <Text>
          Passwords are hashed, sessions are signed and expire, and staff access follows their role. No system is perfectly secure; tell us at once if you think
          your account has been misused.
        </Text>
      </PolicySection>

      <PolicySection id="changes" title="Changes and contact">
        <Text>
          We will post any change to this policy here and tell members about material changes. This policy sits alongside our{" "}
          <PageLink to="/terms">Terms of Service</PageLink>. <ReachTrustAndSafety contact={contact} />
        </Text>
      </PolicySection>
    </PolicyPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
