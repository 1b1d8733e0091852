// The FAQ's questions and answers (docs/product/platform.md#public-pages: General, Buying, Selling, Shipping, Payments, Account, AI Features),
// written from the figures the code enforces: the route's loader hands in those only the server knows (link
// lifetimes, the AI assistant's allowance), the rest is read from the modules that define them.
import { CLAIM_WINDOWS } from "~/lib/buyer-protection.ts";
import { FEATURING_MEANING } from "~/lib/featuring.ts";
import { FEE_SCHEDULE, featuredDurationsText, formatRate, INSPECTION_PERIOD_DAYS, REFUND_BUSINESS_DAYS, SELLER_RESPONSE_BUSINESS_DAYS } from "~/lib/fees.ts";
import type { FaqSection } from "~/lib/faq-search.ts";
import { LISTING_TYPE_LABELS } from "~/lib/listing-types.ts";
import { MINIMUM_MEMBER_AGE } from "~/lib/membership-terms.ts";
import { VERIFICATION_MAX_DOCUMENT_BYTES, VERIFICATION_MAX_DOCUMENTS } from "~/lib/seller-verification.ts";
import { CURRENCIES, formatPrice } from "~/lib/money.ts";

/** Figures that live in server modules (the loader reads them there). */
export interface ServerFaqFigures {
  passwordResetLinkHours: number;
  emailConfirmationLinkHours: number;
  /** AI listing drafts a member may generate per window, and the window in hours. */
  aiMemberAllowance: { limit: number; hours: number };
  aiVisitorAllowance: { limit: number; hours: number };
}

export interface FaqFigures extends ServerFaqFigures {
  minPasswordLength: number;
}

function perHours(hours: number): string {
  return hours === 1 ? "per hour" : `per ${hours} hours`;
}

export function faqSections(figures: FaqFigures): FaqSection[] {
  const rates = FEE_SCHEDULE.successFeeBp;
  const feeList = `${formatRate(rates.buy_now)} for ${LISTING_TYPE_LABELS.buy_now}, ${formatRate(rates.auction)} for ${LISTING_TYPE_LABELS.auction} and ${formatRate(rates.hybrid)} for ${LISTING_TYPE_LABELS.hybrid} listings`;
  return [
    {
      id: "general",
      title: "General",
      entries: [
        {
          question: "What is Tradebench?",
          answer:
            "A marketplace for used and new industrial equipment: test and measurement instruments, industrial electronics, automation parts and heavy equipment. Sellers list at a fixed price or by auction; buyers pay into escrow and are protected until the item arrives as described.",
        },
        {
          question: "Who can use Tradebench?",
          answer: `Anyone can browse. To bid, buy or sell you need an account: you must be at least ${MINIMUM_MEMBER_AGE} and confirm your e-mail address. Companies and individuals are both welcome.`,
          links: [{ to: "/register", label: "Create an account" }],
        },
        {
          question: "Does it cost anything to join?",
          answer: `No. Joining and listing are free. Sellers pay a success fee only when an item sells: ${feeList}. Buyers pay no premium.`,
          links: [{ to: "/pricing", label: "Pricing and fees" }],
        },
        {
          question: "Is my money safe?",
          answer: `Yes. Payments go into escrow, not to the seller. The seller is paid only after you confirm receipt, or when the ${INSPECTION_PERIOD_DAYS}-day inspection period after delivery ends without a dispute.`,
          links: [{ to: "/buyer-protection", label: "Buyer protection" }],
        },
      ],
    },
    {
      id: "buying",
      title: "Buying",
      entries: [
        {
          question: "How do I buy an item?",
          answer: `On a ${LISTING_TYPE_LABELS.buy_now} listing, choose Buy Now, confirm your shipping address and pay by bank transfer. On an auction, place a bid; if yours is the highest when the auction ends, you check out the same way.`,
          links: [{ to: "/listings", label: "Browse equipment" }],
        },
        {
          question: "How does bidding work?",
          answer:
            "Enter the most you are willing to pay. Tradebench bids for you, one increment at a time, only as much as is needed to keep you in the lead, up to your maximum. You are told when you are outbid and when you win.",
          links: [{ to: "/auctions", label: "Live auctions" }],
        },
        {
          question: "What if the item is not as described?",
          answer: `Open a dispute from the order page within ${INSPECTION_PERIOD_DAYS} days of delivery. The money stays in escrow while we review it; the seller has ${SELLER_RESPONSE_BUSINESS_DAYS} business days to respond, and if it is decided for you the refund is paid within ${REFUND_BUSINESS_DAYS} business days.`,
          links: [{ to: "/buyer-protection", label: "Buyer protection" }],
        },
        {
          question: "Can I be told when something I want is listed?",
          answer:
            "Yes. Save a search and choose to be notified: new matching listings are sent to you. You can also watch listings to follow their price and auction.",
        },
      ],
    },
    {
      id: "selling",
      title: "Selling",
      entries: [
        {
          question: "How do I list equipment?",
          answer:
            "Create a seller account, then use Create Listing: add the brand, model, condition, price and photos, or let the AI assistant draft the title, description and specifications for you to check.",
        },
        {
          question: "What are the selling fees?",
          answer: `Listing is free. When an item sells, the success fee is ${feeList}, taken from the sale price when the payment is released to you.`,
          links: [{ to: "/pricing", label: "Pricing and fees" }],
        },
        {
          question: "When do I get paid?",
          answer: `When the buyer confirms receipt, or automatically when the ${INSPECTION_PERIOD_DAYS}-day inspection period ends without a dispute. You receive the sale price less the success fee.`,
        },
        {
          question: "Can I import many listings at once?",
          answer: `Yes, from a CSV file. The import costs ${formatPrice(FEE_SCHEDULE.bulkImport.priceCentsPerBlock)} for every started block of ${FEE_SCHEDULE.bulkImport.blockSize} listings.`,
        },
        {
          question: "What does featuring a listing do, and what does it cost?",
          answer: `${FEATURING_MEANING} Feature an active listing from its page or Seller listings for ${featuredDurationsText(FEE_SCHEDULE.featuredListing.durations)} days at ${formatPrice(FEE_SCHEDULE.featuredListing.dayPriceCents)} a day; the fee shows on your seller dashboard and featuring ends by itself.`,
          links: [{ to: "/pricing", label: "Pricing and fees" }],
        },
        {
          question: "How do I become a verified seller?",
          answer: `On your profile, choose Get verified as a seller and send the company's registered name, registration number, country and registered address, with up to ${VERIFICATION_MAX_DOCUMENTS} documents (PDF, JPEG, PNG or WebP, each at most ${VERIFICATION_MAX_DOCUMENT_BYTES / 1024 / 1024} MB): the registration certificate and a proof of the address. Our staff check them; when they approve, the Verified Seller badge shows on your profile and listings. If they reject the application you are told why, by notification and e-mail, and may apply again. Only you and the reviewing staff can open your documents. Sellers without the badge are not verified.`,
          links: [{ to: "/profile/verification", label: "Seller verification" }],
        },
      ],
    },
    {
      id: "shipping",
      title: "Shipping",
      entries: [
        {
          question: "Who ships the item, and when?",
          answer:
            "The seller, once Tradebench has confirmed the buyer's payment into escrow. The seller adds the carrier and tracking number to the order, and the buyer sees them on the order page.",
        },
        {
          question: "How is shipping arranged?",
          answer:
            "Shipping is agreed between buyer and seller; use messages to settle the carrier, packing and any freight for heavy equipment before you buy. Ask for insured shipping on valuable instruments.",
        },
        {
          question: "My item has not arrived. What can I do?",
          answer: `Check the tracking first. If it does not arrive, open a dispute from the order page while it shows as shipped, no later than ${CLAIM_WINDOWS.nonDeliveryDaysAfterExpectedDelivery} days after the expected delivery date.`,
        },
      ],
    },
    {
      id: "payments",
      title: "Payments",
      entries: [
        {
          question: "How do I pay?",
          answer:
            "By bank transfer into Tradebench's escrow account, quoting the order's payment reference. The bank details are on the order page. Once the transfer arrives, we confirm the payment and the seller ships.",
        },
        {
          question: "Which currencies can listings be priced in?",
          answer: `Sellers can price listings in ${CURRENCIES.join(", ")}. You pay in the currency of the listing.`,
        },
        {
          question: "How long does a refund take?",
          answer: `A refund is paid within ${REFUND_BUSINESS_DAYS} business days once a dispute is decided for the buyer. Orders cancelled before payment cost nothing.`,
        },
      ],
    },
    {
      id: "account",
      title: "Account",
      entries: [
        {
          question: "What makes a valid password?",
          answer: `At least ${figures.minPasswordLength} characters, when you register and when you reset it. Use one you do not use anywhere else.`,
        },
        {
          question: "I forgot my password.",
          answer: `Use "Forgot password" on the sign-in page. We e-mail you a link that works once and expires after ${figures.passwordResetLinkHours} hours.`,
          links: [{ to: "/forgot-password", label: "Reset your password" }],
        },
        {
          question: "Why must I confirm my e-mail address?",
          answer: `So messages about your bids and orders reach you. The confirmation link expires after ${figures.emailConfirmationLinkHours} hours; until you confirm, you can browse, watch and save searches but not bid, buy, sell or send messages.`,
        },
      ],
    },
    {
      id: "ai-features",
      title: "AI Features",
      entries: [
        {
          question: "What does the AI listing assistant do?",
          answer:
            "From the brand, model, condition and photos you give it, it drafts a title, description, specifications and features, classifies the category and suggests a price from comparable listings. You review everything before publishing.",
        },
        {
          question: "Does the AI assistant cost anything?",
          answer: `${FEE_SCHEDULE.aiAssistantPriceCents === 0 ? "No, it is free." : `It costs ${formatPrice(FEE_SCHEDULE.aiAssistantPriceCents)}.`} Members can generate ${figures.aiMemberAllowance.limit} drafts ${perHours(figures.aiMemberAllowance.hours)}, visitors ${figures.aiVisitorAllowance.limit} ${perHours(figures.aiVisitorAllowance.hours)}.`,
        },
        {
          question: "How is the suggested price worked out?",
          answer:
            "From the prices of comparable listings and recent sales of the same brand and model, adjusted for condition. When there is too little data, the assistant says so instead of guessing.",
        },
      ],
    },
  ];
}
