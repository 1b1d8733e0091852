// /buyer-protection: how escrow protects a purchase (docs/product/platform.md#public-pages, docs/product/orders.md#states buyer-protection flow, docs/product/orders.md#buyer-protection). The inspection
// period, response and refund times are the order flow's own figures (app/lib/fees.ts), the claim windows those of
// app/lib/buyer-protection.ts; the trust & safety lines come from the server's configuration.
import { Text } from "@chakra-ui/react";
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary.tsx";
import { Bullets, PageLink, PolicyPage, PolicySection, PolicySubsection, Steps } from "~/components/site-pages/PolicyPage.tsx";
import { ReachTrustAndSafety } from "~/components/site-pages/ReachUs.tsx";
import { CLAIM_WINDOWS } from "~/lib/buyer-protection.ts";
import { INSPECTION_PERIOD_DAYS, REFUND_BUSINESS_DAYS, SELLER_RESPONSE_BUSINESS_DAYS } from "~/lib/fees.ts";
import { trustAndSafetyContact } from "~/services/platform/index.server.ts";

export const meta: MetaFunction = () => [
  { title: "Buyer protection — Tradebench" },
  {
    name: "description",
    content: `Your payment waits in escrow until you have inspected the equipment: ${INSPECTION_PERIOD_DAYS} days to check it, disputes reviewed by Tradebench, refunds for items not as described.`,
  },
];

export function loader() {
  return { contact: trustAndSafetyContact() };
}

export default function BuyerProtectionPage() {
  const { contact } = useLoaderData<typeof loader>();
  const inspection = INSPECTION_PERIOD_DAYS;
  return (
    <PolicyPage
      title="Buyer protection"
      lead="Used oscilloscopes, PLCs and spindle drives are only worth their price if they work. That is why every Tradebench purchase is paid into escrow and released only once you are satisfied."
    >
      <PolicySection id="overview" title="Overview">
        <Text>
          When you buy on Tradebench you do not pay the seller directly. Your bank transfer goes to an escrow account that Tradebench holds. The seller is paid
          only after the equipment has reached you and you have had {inspection} days to inspect it. If it does not arrive, or it is not what the listing
          described, our team reviews the case and can refund you in full.
        </Text>
      </PolicySection>

      <PolicySection id="covered" title="What is covered">
        <Bullets
          items={[
            "The full amount you paid through Tradebench for the item.",
            "Items that never arrive.",
            "Items that arrive damaged, do not power up or fail their basic functions, when the listing said they worked.",
            "Items materially different from the listing: another model, missing options or accessories that were listed, a worse condition than stated.",
            "Counterfeit or relabelled equipment sold as genuine.",
          ]}
        />
      </PolicySection>

      <PolicySection id="not-covered" title="What is not covered">
        <Bullets
          items={[
            "Payments made outside Tradebench, for example straight to the seller's own account.",
            "Faults the listing disclosed, such as an item sold “for parts or repair” or “as is”.",
            "Changing your mind, or finding the equipment does not suit your application, when it is as described.",
            "Calibration drift within the tolerance the listing stated, and consumables that wear in normal use.",
            "Damage caused after delivery, including by installation or use outside the manufacturer's ratings.",
            `Problems reported after the claim windows below have passed.`,
          ]}
        />
      </PolicySection>

      <PolicySection id="how-it-works" title="How it works">
        <Steps
          label="Buyer protection, step by step"
          items={[
            "You check out and pay by bank transfer into escrow, quoting the order's payment reference.",
            "Tradebench confirms the payment has arrived. The money is held in escrow and the seller is told to ship.",
            "The seller ships the item and adds the carrier and tracking number to the order.",
            "The item is delivered, and you or the seller mark the order as delivered.",
            `You inspect the equipment. You have ${inspection} days from delivery to test it.`,
            "If everything is right, you confirm receipt and the payment is released to the seller. If you do nothing, it is released when the inspection period ends.",
            `If something is wrong, you open a dispute from the order page within those ${inspection} days. The money stays in escrow.`,
            `Tradebench reviews the dispute. The seller has ${SELLER_RESPONSE_BUSINESS_DAYS} business days to respond; if they do not, or the case is decided for you, your refund is paid within ${REFUND_BUSINESS_DAYS} business days.`,
          ]}
        />
      </PolicySection>

      <PolicySection id="filing-a-claim" title="Filing a claim">
        <PolicySubsection title="Time limits">
          <Bullets
            items={[
              `Not as described, damaged or not working: within ${CLAIM_WINDOWS.itemConditionDaysAfterDelivery} days after delivery, with the “Open a dispute” button on the order page.`,
              `Never arrived: open a dispute from the order page while it is shipped, and no later than ${CLAIM_WINDOWS.nonDeliveryDaysAfterExpectedDelivery} days after the expected delivery date.`,
              `Counterfeit: within ${CLAIM_WINDOWS.counterfeitDaysAfterDelivery} days after delivery. Within the first ${inspection} days use the order page; after that, contact our trust & safety team.`,
            ]}
          />
        </PolicySubsection>
        <PolicySubsection title="What to include">
          <Text>
            Describe what is wrong and what you expected from the listing. Photos of the item, its labels and serial plate, screenshots of self-test results or
            error codes, and the packaging as it arrived all help us decide quickly. Keep the item and its packaging until the dispute is settled.
          </Text>
        </PolicySubsection>
        <PolicySubsection title="Reaching us">
          <Text>
            <ReachTrustAndSafety contact={contact} />
          </Text>
        </PolicySubsection>
      </PolicySection>

      <PolicySection id="safe-buying" title="Tips for buying safely">
        <Bullets
          items={[
            "Keep every payment and every conversation on Tradebench; a seller asking to be paid elsewhere is a warning sign.",
            "Read the condition, the test level and the photos closely; ask the seller for a photo of the serial plate or a self-test screen if unsure.",
            "Ask about calibration certificates, firmware versions and installed options before you buy, not after.",
            "Check the seller's profile, ratings and how long they have been trading.",
            "Inspect and power up the equipment as soon as it arrives, within the inspection period.",
          ]}
        />
      </PolicySection>

      <PolicySection id="buyer-protection-faq" title="Questions">
        <PolicySubsection title="Does buyer protection cost extra?">
          <Text>
            No. It comes with every order paid through Tradebench; see <PageLink to="/pricing">pricing</PageLink>.
          </Text>
        </PolicySubsection>
        <PolicySubsection title="Who decides a dispute?">
          <Text>
            Tradebench&apos;s dispute team reads both sides, the listing and the evidence, then either refunds you or releases the payment to the seller, and
            writes down why.
          </Text>
        </PolicySubsection>
        <PolicySubsection title="What if I need to return the item?">
          <Text>
            When a dispute is decided for you, we tell you how to return the item to the seller. Once the refund is made the listing is withdrawn until the
            seller has it back.
          </Text>
        </PolicySubsection>
        <PolicySubsection title="Where are the full rules?">
          <Text>
            In our <PageLink to="/terms">Terms of Service</PageLink> and the <PageLink to="/prohibited-conduct">Prohibited Conduct Policy</PageLink>.
          </Text>
        </PolicySubsection>
      </PolicySection>
    </PolicyPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
