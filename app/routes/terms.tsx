// /terms: the Terms of Service (docs/product/platform.md#public-pages, last updated September 1, 2025). Figures the code enforces (password
// length, inspection period, fees) are read from where the code defines them; the others from app/lib/membership-terms.ts.
import { Text } from "@chakra-ui/react";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Bullets, PageLink, PolicyPage, PolicySection } from "~/components/site-pages/PolicyPage.tsx";
import { ReachTrustAndSafety } from "~/components/site-pages/ReachUs.tsx";
import { INSPECTION_PERIOD_DAYS } from "~/lib/fees.ts";
import { formatPolicyDate, LIABILITY_CAP, MINIMUM_MEMBER_AGE, TERMS_LAST_UPDATED } from "~/lib/membership-terms.ts";
import { formatPrice } from "~/lib/money.ts";
import { MIN_PASSWORD_LENGTH } from "~/schemas/fields.ts";
import { trustAndSafetyContact } from "~/services/platform/index.server.ts";

export const meta: MetaFunction = () => [
  { title: "Terms of Service — Tradebench" },
  {
    name: "description",
    content: "The agreement between Tradebench and its members: accounts, listing, bidding and buying, escrow payments, disputes and liability.",
  },
];

export function loader() {
  return { contact: trustAndSafetyContact() };
}

export default function TermsPage() {
  const { contact } = useLoaderData<typeof loader>();
  return (
    <PolicyPage
      title="Terms of Service"
      updated={formatPolicyDate(TERMS_LAST_UPDATED)}
      lead="These terms are the agreement between you and Tradebench when you use the marketplace to buy or sell industrial electronics, test and measurement instruments, automation parts and heavy equipment."
    >
      <PolicySection id="agreement" title="1. Agreement">
        <Text>
          By creating an account, or by using Tradebench without one, you accept these terms, the <PageLink to="/privacy">Privacy Policy</PageLink> and the{" "}
          <PageLink to="/prohibited-conduct">Prohibited Conduct Policy</PageLink>. If you use Tradebench for a company, you confirm that you may bind it to
          them.
        </Text>
      </PolicySection>

      <PolicySection id="eligibility" title="2. Who may use Tradebench">
        <Text>
          You must be at least {MINIMUM_MEMBER_AGE} years old and able to enter a binding contract to hold an account. You need an e-mail address you can
          receive mail at: we confirm it before you can bid, buy, sell or send messages.
        </Text>
      </PolicySection>

      <PolicySection id="accounts" title="3. Your account">
        <Bullets
          items={[
            "Give true details about yourself and your company, and keep them up to date.",
            `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters that you use nowhere else, and keep it to yourself.`,
            "You are responsible for what happens under your account. Tell us straight away if you think someone else has used it.",
            "One person or company, one account, unless we agree otherwise.",
          ]}
        />
      </PolicySection>

      <PolicySection id="selling" title="4. Listing and selling">
        <Text>
          Listing is free. When an item sells, you pay the success fee for its listing type shown on our <PageLink to="/pricing">pricing page</PageLink>, taken
          from the sale price when the payment is released to you. Your listing must describe the actual unit for sale: its model, options, condition, known
          faults and what is included. You must own the item, or be authorised to sell it, and ship it as described once the order is paid.
        </Text>
        <Text>
          Descriptions written with our AI listing assistant are drafts: you check them before publishing and you answer for them like any other text in your
          listing.
        </Text>
      </PolicySection>

      <PolicySection id="buying" title="5. Bidding and buying">
        <Text>
          A bid is a binding offer to buy at that amount. The highest bidder when an auction ends, and a buyer who uses Buy It Now, enters a contract with the
          seller and must pay. Tradebench is the venue and holds the payment; the contract of sale is between buyer and seller.
        </Text>
      </PolicySection>

      <PolicySection id="payments" title="6. Payments and escrow">
        <Text>
          Buyers pay by bank transfer into the escrow account Tradebench holds, quoting the order&apos;s payment reference. We keep the money until the buyer
          confirms receipt, or until the {INSPECTION_PERIOD_DAYS}-day inspection period after delivery ends without a dispute, and then release it to the seller
          less the success fee. Paying a seller any other way is at your own risk and is not covered by buyer protection.
        </Text>
      </PolicySection>

      <PolicySection id="disputes" title="7. Buyer protection and disputes">
        <Text>
          If an item does not arrive or is not as described, the buyer may open a dispute as set out in{" "}
          <PageLink to="/buyer-protection">buyer protection</PageLink>. Tradebench reviews the evidence of both sides and decides whether the payment is
          refunded to the buyer or released to the seller. Both sides agree to cooperate and to accept that decision for the money held in escrow.
        </Text>
      </PolicySection>

      <PolicySection id="conduct" title="8. Conduct">
        <Text>
          You agree not to list prohibited items or act in the ways our <PageLink to="/prohibited-conduct">Prohibited Conduct Policy</PageLink> describes. We
          may remove content, restrict or close accounts and withhold funds in escrow as that policy explains.
        </Text>
      </PolicySection>

      <PolicySection id="content" title="9. Your content">
        <Text>
          You keep the rights in the photos, descriptions, messages and posts you add. You give Tradebench a licence to host, show and adapt them (for example
          resizing photos) for running and promoting the marketplace, for as long as they are on Tradebench.
        </Text>
      </PolicySection>

      <PolicySection id="disclaimers" title="10. Disclaimers">
        <Text>
          Tradebench does not inspect, test or own the equipment listed, and does not guarantee that a listing is accurate, that an item is fit for your
          application, or that the marketplace is always available. Much of the equipment is used; check the seller&apos;s description and ask questions before
          you buy.
        </Text>
      </PolicySection>

      <PolicySection id="liability" title="11. Limitation of liability">
        <Text>
          As far as the law allows, Tradebench is not liable for indirect or consequential losses such as lost production or profit, and our total liability to
          you is limited to the greater of {formatPrice(LIABILITY_CAP.floorCents)} or the fees you paid us in the {LIABILITY_CAP.feesLookbackMonths} months
          before the claim. Nothing in these terms limits liability that cannot be limited by law.
        </Text>
      </PolicySection>

      <PolicySection id="termination" title="12. Ending the agreement">
        <Text>
          You may stop using Tradebench at any time, and ask our team to close your account once your open orders are settled. We may suspend or close an
          account that breaks these terms; orders already paid into escrow are then settled under buyer protection.
        </Text>
      </PolicySection>

      <PolicySection id="changes" title="13. Changes to these terms">
        <Text>
          We may change these terms. We tell members about material changes before they apply, and the date above shows the current version. Continuing to use
          Tradebench after a change means you accept it.
        </Text>
      </PolicySection>

      <PolicySection id="contact" title="14. Contact">
        <Text>
          <ReachTrustAndSafety contact={contact} />
        </Text>
      </PolicySection>
    </PolicyPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
