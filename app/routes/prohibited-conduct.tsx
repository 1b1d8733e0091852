// /prohibited-conduct: what may not be listed or done on Tradebench, and what happens when it is (docs/product/platform.md#public-pages).
// The appeal time is defined in app/lib/buyer-protection.ts; trust & safety's lines come from the configuration.
import { Text } from "@chakra-ui/react";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Bullets, PageLink, PolicyPage, PolicySection, PolicySubsection } from "~/components/site-pages/PolicyPage.tsx";
import { ReachTrustAndSafety } from "~/components/site-pages/ReachUs.tsx";
import { APPEAL_REVIEW_BUSINESS_DAYS } from "~/lib/buyer-protection.ts";
import { MINIMUM_MEMBER_AGE } from "~/lib/membership-terms.ts";
import { trustAndSafetyContact } from "~/services/platform/index.server.ts";

export const meta: MetaFunction = () => [
  { title: "Prohibited Conduct Policy — Tradebench" },
  {
    name: "description",
    content: "Equipment that may not be sold on Tradebench, listing and trading practices we do not allow, how to report them and how we enforce the rules.",
  },
];

export function loader() {
  return { contact: trustAndSafetyContact() };
}

export default function ProhibitedConductPage() {
  const { contact } = useLoaderData<typeof loader>();
  return (
    <PolicyPage
      title="Prohibited Conduct Policy"
      lead="Engineers, labs and plants trade on Tradebench because they can trust what they buy and who they deal with. These rules keep it that way."
    >
      <PolicySection id="scope" title="1. Purpose and scope">
        <Text>
          This policy applies to every listing, auction, bid, message, forum post and review on Tradebench, and to every member, whether buying, selling or
          both. It is part of our <PageLink to="/terms">Terms of Service</PageLink>.
        </Text>
      </PolicySection>

      <PolicySection id="prohibited-items" title="2. Prohibited items">
        <PolicySubsection title="Illegal items">
          <Bullets
            items={[
              "Stolen equipment, or equipment whose ownership you cannot show.",
              "Items whose sale or export breaks sanctions, embargoes or export-control rules, including controlled encryption, navigation and radar gear without the licence it needs.",
              "Devices built to intercept communications, jam radio signals or defeat security systems.",
            ]}
          />
        </PolicySubsection>
        <PolicySubsection title="Hazardous items">
          <Bullets
            items={[
              "Radioactive sources and instruments still containing them, unless the sale follows the licensing rules that apply.",
              "Equipment containing PCBs, asbestos or other banned substances, and leaking or damaged batteries.",
              "Pressure vessels, lifting gear and machine guards sold as safe to use without the inspection records the law requires.",
            ]}
          />
        </PolicySubsection>
        <PolicySubsection title="Restricted equipment">
          <Bullets
            items={[
              "Medical devices for clinical use, unless sold to a buyer entitled to use them.",
              "Weapons, weapon parts and military items that need an end-user licence.",
              "Recalled products, unless the recall remedy has been carried out and documented.",
            ]}
          />
        </PolicySubsection>
        <PolicySubsection title="Other items">
          <Bullets
            items={[
              "Counterfeit, relabelled or cloned equipment, and software licences or calibration certificates you are not entitled to transfer.",
              "Services, jobs, rentals and anything that is not equipment, parts or accessories for sale.",
            ]}
          />
        </PolicySubsection>
      </PolicySection>

      <PolicySection id="listing-practices" title="3. Prohibited listing practices">
        <Bullets
          items={[
            "Misrepresentation: a wrong model, options or condition, hidden faults, or photos of a different unit than the one for sale.",
            "Keyword stuffing, misleading titles and listing one item in unrelated categories.",
            "Listing the same unit more than once at the same time.",
            "Prices that hide costs, such as a low price with an inflated shipping charge.",
            "Listings that send buyers elsewhere to buy or pay.",
          ]}
        />
      </PolicySection>

      <PolicySection id="trading-practices" title="4. Prohibited trading practices">
        <Bullets
          items={[
            "Bidding on your own auctions, directly or through someone else, to raise the price.",
            "Asking for or accepting payment outside Tradebench's escrow, or arranging a sale off Tradebench to avoid fees.",
            "Winning an auction or buying an item and then not paying.",
            "Not shipping a paid order, or shipping something other than what was sold.",
            "Interfering with other members' listings or auctions.",
          ]}
        />
      </PolicySection>

      <PolicySection id="communication" title="5. Communication and behaviour">
        <Bullets
          items={[
            "Harassment, threats, discrimination and abusive language, in messages, the forum or reviews.",
            "Unsolicited advertising and bulk messages.",
            "Reviews and ratings that are false, bought, or offered in exchange for something.",
          ]}
        />
      </PolicySection>

      <PolicySection id="accounts" title="6. Account integrity">
        <Bullets
          items={[
            `Holding an account when younger than ${MINIMUM_MEMBER_AGE}, or under a false name or company.`,
            "Opening a new account to get around a restriction or a suspension.",
            "Sharing an account, or using someone else's.",
            "Automated scraping or bidding that places a load on Tradebench it was not built for.",
          ]}
        />
      </PolicySection>

      <PolicySection id="intellectual-property" title="7. Intellectual property">
        <Text>
          Use your own photos and descriptions, or ones you have permission to use. Manufacturer names and model numbers may be used to describe equipment, not
          to suggest that the manufacturer endorses you.
        </Text>
      </PolicySection>

      <PolicySection id="reporting" title="8. Reporting a violation">
        <Text>
          If you see a listing, message or member breaking these rules, tell us with a link and what you saw. <ReachTrustAndSafety contact={contact} /> Reports
          are confidential.
        </Text>
      </PolicySection>

      <PolicySection id="enforcement" title="9. Enforcement">
        <Text>Depending on how serious a violation is and whether it has happened before, we may take one or more of these actions:</Text>
        <Bullets
          items={[
            "A warning.",
            "Removal of the content concerned.",
            "Cancellation of listings or auctions.",
            "A temporary restriction of buying, selling or messaging.",
            "Permanent termination of the account.",
            "Withholding of funds held in escrow while a case is investigated, or to refund buyers.",
            "Reporting to the authorities where the law requires it or a crime is suspected.",
          ]}
        />
      </PolicySection>

      <PolicySection id="appeals" title="10. Appeals">
        <Text>
          If you believe we got it wrong, write to trust &amp; safety as in section 8, quoting the notice you received, and tell us why. A member of the team
          who was not involved reviews the appeal, normally within {APPEAL_REVIEW_BUSINESS_DAYS} business days. The decision on an appeal is final.
        </Text>
      </PolicySection>

      <PolicySection id="changes" title="11. Changes to this policy">
        <Text>
          We update this policy as laws and the marketplace change, and tell members about material changes before they apply. See also our{" "}
          <PageLink to="/privacy">Privacy Policy</PageLink> and how <PageLink to="/buyer-protection">buyer protection</PageLink> works.
        </Text>
      </PolicySection>
    </PolicyPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
