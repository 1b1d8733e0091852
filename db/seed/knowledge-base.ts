// The knowledge base's demo articles, written for Tradebench's trade in used industrial electronics, test
// instruments, automation parts and heavy equipment. The four the seller dashboard links to come first (selling-tips,
// photography, pricing-guide, shipping). Every fee, period and limit an article states is read from the module that
// defines it (the fee schedule, buyer protection, photo limits, bidding rules, the condition and test-level lists), so
// the articles change when the rules do. Saved through the content service, by the demo administrator.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { AUCTION_DURATION_DAYS, DEFAULT_AUCTION_DURATION_DAYS, RESERVE_LABELS } from "../../app/lib/auctions.ts";
import { DEFAULT_BID_INCREMENT_CENTS, SOFT_CLOSE_MS, SUGGESTED_BID_STEPS } from "../../app/lib/bidding.ts";
import { CLAIM_WINDOWS } from "../../app/lib/buyer-protection.ts";
import { CONDITION_LABELS, CONDITIONS } from "../../app/lib/conditions.ts";
import {
  FEE_SCHEDULE,
  featuredDurationsText,
  formatRate,
  INSPECTION_PERIOD_DAYS,
  REFUND_BUSINESS_DAYS,
  SELLER_RESPONSE_BUSINESS_DAYS,
} from "../../app/lib/fees.ts";
import type { ArticleStatus, KnowledgeCategory } from "../../app/lib/knowledge-base.ts";
import { LISTING_TYPE_LABELS, LISTING_TYPE_MEANINGS, LISTING_TYPES } from "../../app/lib/listing-types.ts";
import { formatExactPrice, formatPrice } from "../../app/lib/money.ts";
import { MAX_LISTING_IMAGES, MAX_PHOTO_MB } from "../../app/lib/photo-limits.ts";
import { TEST_LEVEL_LABELS, TEST_LEVELS, type TestLevel } from "../../app/lib/test-levels.ts";
import { recordHelpfulVote } from "../../app/services/content/knowledge-base-votes.server.ts";
import { saveArticle } from "../../app/services/content/knowledge-base.server.ts";

export interface DemoArticle {
  slug: string;
  title: string;
  category: KnowledgeCategory;
  tags: string[];
  status: ArticleStatus;
  /** How long ago it was last updated, in days (so "Last updated" varies in the demo). */
  updatedDaysAgo: number;
  content: string;
}

const successFees = LISTING_TYPES.map((type) => `- **${LISTING_TYPE_MEANINGS[type]}**: ${formatRate(FEE_SCHEDULE.successFeeBp[type])} of the sale price`).join(
  "\n",
);
const featured = `${formatPrice(FEE_SCHEDULE.featuredListing.dayPriceCents)} a day, bought for ${featuredDurationsText(FEE_SCHEDULE.featuredListing.durations)} days from the listing's page or Seller listings`;
const listingFee = FEE_SCHEDULE.listingFeeCents === 0 ? "Listing is free" : `Listing costs ${formatExactPrice(FEE_SCHEDULE.listingFeeCents)}`;
const softCloseMinutes = SOFT_CLOSE_MS / 60_000;
const durations = AUCTION_DURATION_DAYS.map((days) => `${days}`).join(", ");
const bulkImport = `${formatPrice(FEE_SCHEDULE.bulkImport.priceCentsPerBlock)} for each started block of ${FEE_SCHEDULE.bulkImport.blockSize} listings`;

const TEST_LEVEL_MEANINGS: Record<TestLevel, string> = {
  fully_tested:
    "the seller ran the instrument through its functions and checked it against a reference or its own self-test, and says how. Expect a short note of what was checked (for example the channels, the ranges, the output levels).",
  powers_on: "it starts, passes its power-on self-test and shows a normal screen, but nobody verified its measurements. Budget for a calibration.",
  untested: "the seller could not or did not power it up (no mains lead, wrong supply, no time). Price it as a gamble and read the photos closely.",
  for_parts: "it is known to be faulty or incomplete. Useful for spares, repair projects or matching a unit you already own.",
};

/** The demo articles, in the order they are written. */
export function demoArticles(): DemoArticle[] {
  return [
    {
      slug: "selling-tips",
      title: "Selling tips: listings that industrial buyers trust",
      category: "selling",
      tags: ["selling", "listings", "descriptions"],
      status: "published",
      updatedDaysAgo: 12,
      content: `Buyers of used test and automation equipment are engineers and purchasing teams. They search by model number, compare options, and skip listings that leave questions open. A good listing answers those questions before they are asked.

# Start with the exact model

Put the manufacturer, the model number and the most important option in the title, for example *Keysight N9020A MXA signal analyzer, option 526 (26.5 GHz)*. Buyers search by part numbers; a vague title such as "spectrum analyzer, works great" is rarely found.

# Say how you tested it

Choose the test level honestly: ${TEST_LEVELS.map((level) => `*${TEST_LEVEL_LABELS[level]}*`).join(", ")}. Then say in a sentence what you did: "passed self-test and the internal calibration routine", "checked all four channels against a 1 kHz reference". See [test levels explained](/knowledge-base/test-levels-explained).

# Describe the condition and what is included

- Pick the condition grade that matches the unit, not the one you hope for ([condition grading](/knowledge-base/condition-grading)).
- List accessories: probes, power cords, rack ears, manuals, software licences, dongles.
- Give the firmware version and installed options where the instrument shows them.
- Mention calibration: the date, the lab, and whether it is accredited ([calibration certificates](/knowledge-base/calibration-certificates)).

# Choose how to sell

${LISTING_TYPES.map((type) => `- **${LISTING_TYPE_LABELS[type]}**: ${LISTING_TYPE_MEANINGS[type].toLowerCase()}.`).join("\n")}

${listingFee}. When the item sells, Tradebench charges a success fee that depends on the listing type:

${successFees}

# Answer questions quickly

Messages from buyers arrive in your inbox. A fast, precise answer ("yes, option 1E1 is installed; here is a photo of the options screen") often decides the sale.

Next: [photographing your equipment](/knowledge-base/photography) and [pricing it](/knowledge-base/pricing-guide).`,
    },
    {
      slug: "photography",
      title: "Photographing test equipment for your listing",
      category: "selling",
      tags: ["photos", "listings", "selling"],
      status: "published",
      updatedDaysAgo: 20,
      content: `Photos are the closest a buyer gets to the bench. For used instruments they also answer the questions a description cannot: is the screen burnt in, are the connectors damaged, which options are fitted?

# What to photograph

1. **The front panel, powered on**, showing the start-up screen or a measurement. A working display is the strongest evidence you can give.
2. **The options or system information screen**, so buyers can read the installed options and firmware.
3. **The rear panel** with its connectors, fan and serial plate.
4. **The serial and model label** close up.
5. **Connectors and knobs** where wear shows: RF connectors, BNCs, encoders.
6. **Every accessory** that comes with it, laid out together.
7. **Damage**: scratches, dents, missing feet. Showing them builds trust and avoids disputes.

# How to take them

- Daylight or two lamps at an angle; avoid the flash on glossy screens.
- A plain background: a clean bench, a grey sheet, a wall.
- Fill the frame and keep the camera steady; a phone on a stack of books works.

# Limits

A listing holds up to ${MAX_LISTING_IMAGES} photos of up to ${MAX_PHOTO_MB} MB each. The first photo is the one shown in search results, so make it the powered-on front panel.

See also [selling tips](/knowledge-base/selling-tips).`,
    },
    {
      slug: "pricing-guide",
      title: "Pricing used industrial and test equipment",
      category: "selling",
      tags: ["pricing", "selling", "fees"],
      status: "published",
      updatedDaysAgo: 9,
      content: `The right price sells in days; the wrong one sits for months or leaves money on the table. Used instrument prices depend less on the original list price than on options, condition and what the market offers right now.

# Find comparable sales

Search Tradebench for the same model and look at recent prices. Compare like with like:

- **Options and bandwidth**: an analyzer with a frequency extension can be worth twice the base model.
- **Test level and condition**: a fully tested unit sells for clearly more than an untested one.
- **Calibration**: a recent, accredited calibration is worth roughly what the calibration would cost the buyer, sometimes more when it saves them weeks of downtime.
- **Accessories and licences**: probes, software and licence keys add real value.

The price guidance on the listing form shows what similar listings are asking and selling for.

# Account for the fees

${listingFee}; the success fee is charged only when the item sells:

${successFees}

A seller's fee exemption, where one applies, reduces the rate. To put a listing in front of more buyers, a featured listing costs ${featured}.

# Fixed price or auction?

A fixed price suits items with a clear market value. An auction suits rare or hard-to-value equipment, where buyers set the price; a reserve protects you from selling too low. Read [auctions and proxy bids](/knowledge-base/auctions-and-proxy-bids).

# Adjust

If a listing has many views but no questions or watchers, the price is probably high. Lower it in small steps rather than one big cut.`,
    },
    {
      slug: "shipping",
      title: "Shipping test and measurement equipment safely",
      category: "shipping-logistics",
      tags: ["shipping", "packaging", "tracking"],
      status: "published",
      updatedDaysAgo: 15,
      content: `Most damage to used instruments happens on the way. A few minutes of packing care protects your sale and your buyer's payment.

# Before you pack

- Remove batteries that can leak, and note it in a message to the buyer.
- Fit front-panel covers, connector caps and transit screws where the instrument has them (some hard drives, balances and optical instruments do).
- Photograph the unit and its packing: useful if a claim is ever made.

# Packing

1. **Double box**: the instrument in a snug inner carton, then at least 5 cm of foam or air cushions on every side inside a stronger outer carton.
2. Do not rely on loose packing peanuts for heavy units; they settle and let the instrument reach the wall.
3. Pack accessories separately so they cannot hit the front panel.
4. Units over about 30 kg, or anything rack-mounted, belong on a pallet: see [shipping heavy equipment](/knowledge-base/shipping-heavy-equipment).

# Ship and add the tracking

Ship after the order shows as paid: the buyer's payment is then held in escrow. Add the carrier and the tracking number on the order page; the buyer is told at once. Insure the shipment for the sale price.

# After delivery

The buyer has ${INSPECTION_PERIOD_DAYS} days from delivery to inspect the item and confirm receipt, which releases the payment to you, or to open a dispute. Good packing and honest descriptions are the best way to make that confirmation quick. See [escrow and buyer protection](/knowledge-base/escrow-and-buyer-protection).`,
    },
    {
      slug: "shipping-heavy-equipment",
      title: "Shipping heavy equipment by freight",
      category: "shipping-logistics",
      tags: ["shipping", "freight", "heavy equipment"],
      status: "published",
      updatedDaysAgo: 30,
      content: `Racks, power supplies, CNC controls, generators and lab furnaces do not travel by parcel service. Freight adds steps, but none is hard once you know them.

# Agree on the terms first

Before the sale is final, agree in messages on who arranges and pays for the freight, the pickup address, loading facilities (forklift or dock?) and the delivery address's facilities. Put the agreement in writing on Tradebench.

# Preparing the load

- **Pallet**: strap the unit to a sound pallet larger than its footprint. Use a crate for anything with exposed panels or displays.
- **Centre of gravity**: mark it on the crate for top-heavy units; secure casters and moving parts.
- **Fluids**: drain coolant, hydraulic oil and fuel as the carrier requires, and say so.
- **Documents**: attach the packing list to the outside; keep a copy of the bill of lading.

# Delivery

Many business addresses have a dock; residential or small-shop deliveries often need a liftgate, booked in advance. The buyer should inspect the crate before signing and note visible damage on the delivery receipt; this is what a freight claim rests on.

# On Tradebench

The seller adds the carrier and the tracking or PRO number on the order page. The buyer's ${INSPECTION_PERIOD_DAYS}-day inspection period starts at delivery.`,
    },
    {
      slug: "calibration-certificates",
      title: "Calibration certificates: what they tell you",
      category: "testing-calibration",
      tags: ["calibration", "certificates", "iso 17025"],
      status: "published",
      updatedDaysAgo: 40,
      content: `A calibration certificate records that an instrument was compared against traceable standards on a given date, and what was found. For a buyer it is one of the strongest signs of an instrument's condition.

# Reading a certificate

- **Date and due date**: when the calibration was done and when the next one is due. Tradebench listings show both when the seller enters them.
- **Accreditation**: a certificate from a lab accredited to ISO/IEC 17025 for the measured quantities carries the most weight. Listings mark accredited calibrations.
- **As found / as left**: data taken before adjustment shows how far the instrument had drifted; data after shows it meets its specification now.
- **Measurement uncertainty**: accredited certificates state it for each point.
- **Traceability**: to national standards such as NIST or PTB.

# "Calibrated" is not "new"

A calibration confirms accuracy at the points tested. It does not cover mechanical wear, fan noise or a failing display. Read the photos and the test level too ([test levels explained](/knowledge-base/test-levels-explained)).

# For sellers

Upload the certificate or photograph its first page, and enter the calibration date, due date and accreditation on the listing: buyers filter on calibrated equipment.`,
    },
    {
      slug: "test-levels-explained",
      title: "Test levels explained",
      category: "testing-calibration",
      tags: ["testing", "test levels", "condition"],
      status: "published",
      updatedDaysAgo: 25,
      content: `Every test and measurement listing on Tradebench states how thoroughly the item was checked before it was listed. The test level is separate from the cosmetic condition: a scratched instrument can be fully tested, a spotless one untested.

${TEST_LEVELS.map((level) => `# ${TEST_LEVEL_LABELS[level]}\n\nThe seller says ${TEST_LEVEL_MEANINGS[level]}`).join("\n\n")}

# Ask when in doubt

A good seller will tell you exactly what was tested. Ask in a message before you buy; the answer stays on record with the conversation.`,
    },
    {
      slug: "condition-grading",
      title: "Condition grading for used equipment",
      category: "buying",
      tags: ["condition", "buying", "listings"],
      status: "published",
      updatedDaysAgo: 33,
      content: `Sellers choose one of ${CONDITIONS.length} condition grades. They describe the physical state of the item; whether it works is the [test level](/knowledge-base/test-levels-explained).

${CONDITIONS.map((condition) => `- **${CONDITION_LABELS[condition]}**`).join("\n")}

# How to read them

- **New** and **Open Box** items should come with their original packaging and accessories; ask if anything is missing.
- The **Used** grades describe cosmetic wear, from barely visible marks to obvious scratches, dents or missing knobs.
- **For Repair**, **Incomplete**, **Parts Only** and **As-Is** mean you should expect work or missing pieces; price them accordingly.

When the photos and the grade disagree, trust the photos and ask the seller.`,
    },
    {
      slug: "escrow-and-buyer-protection",
      title: "Escrow and buyer protection, step by step",
      category: "payments-fees",
      tags: ["escrow", "buyer protection", "payments", "disputes"],
      status: "published",
      updatedDaysAgo: 6,
      content: `Every order on Tradebench is paid into escrow: the seller is paid only after the buyer has received and checked the item.

# How an order runs

1. **Pay**: the buyer pays by bank transfer, quoting the order's payment reference. Tradebench confirms the payment when it arrives and holds it.
2. **Ship**: the seller ships and adds the carrier and tracking number.
3. **Delivered**: the buyer or the seller marks the item delivered.
4. **Inspect**: the buyer has ${INSPECTION_PERIOD_DAYS} days to check the item.
5. **Confirm or dispute**: confirming receipt releases the payment to the seller; a problem is reported by opening a dispute within the inspection period.

# Claim windows

- Not as described, damaged or not working: within ${CLAIM_WINDOWS.itemConditionDaysAfterDelivery} days after delivery, from the order page.
- Never arrived: within ${CLAIM_WINDOWS.nonDeliveryDaysAfterExpectedDelivery} days of the expected delivery date, through support.
- Counterfeit or not genuine: within ${CLAIM_WINDOWS.counterfeitDaysAfterDelivery} days after delivery, through support with evidence.

# Disputes

The seller is asked to respond within ${SELLER_RESPONSE_BUSINESS_DAYS} business days; support reviews the evidence from both sides (photos, messages, tracking). If the dispute is decided for the buyer, the payment is refunded, which usually takes ${REFUND_BUSINESS_DAYS} business days to reach the account. Otherwise it is released to the seller.

# Stay protected

Keep the conversation and the payment on Tradebench. A seller asking for payment outside the platform is a warning sign: report it. The full policy is on the [buyer protection](/buyer-protection) page.`,
    },
    {
      slug: "auctions-and-proxy-bids",
      title: "Auctions and proxy bids",
      category: "auctions",
      tags: ["auctions", "bidding", "proxy bids", "reserve"],
      status: "published",
      updatedDaysAgo: 18,
      content: `Auctions suit rare instruments and surplus lots whose value is hard to set. Here is how bidding works on Tradebench.

# Bids and increments

Each auction has a bid increment (${formatPrice(DEFAULT_BID_INCREMENT_CENTS)} unless the seller sets another). The next bid must beat the current price by at least one increment; the bid panel suggests ${SUGGESTED_BID_STEPS.join(", ")} increments above it.

# Proxy bids

Instead of watching the clock you can enter a **maximum bid**. Tradebench bids for you, one increment at a time, only as far as needed to keep you in the lead, and never above your maximum. Your maximum stays private. If two bidders set the same maximum, the earlier one leads.

# Reserve prices

A seller may set a reserve: the lowest price they will accept. The auction page shows *${RESERVE_LABELS.not_met}* until bidding reaches it, then *${RESERVE_LABELS.met}*. If the reserve is not met when the auction ends, the item does not sell.

# The end of an auction

Auctions run for ${durations} days (${DEFAULT_AUCTION_DURATION_DAYS} by default). A bid in the last ${softCloseMinutes} minutes extends the end to ${softCloseMinutes} minutes after that bid, so there is always time to answer, and last-second sniping does not pay.

# Auction with Buy It Now

A ${LISTING_TYPE_MEANINGS.hybrid.toLowerCase()} listing lets a buyer end the auction early at the seller's fixed price.

# After you win

The order is created for you: pay into escrow as for any order ([escrow and buyer protection](/knowledge-base/escrow-and-buyer-protection)).`,
    },
    {
      slug: "export-compliance",
      title: "Export controls and compliance for electronic equipment",
      category: "trust-safety",
      tags: ["export", "compliance", "international"],
      status: "published",
      updatedDaysAgo: 45,
      content: `Some test and measurement equipment is controlled for export, even when it is decades old. Buyers and sellers shipping across borders must check before the item leaves.

# What can be controlled

- High-performance oscilloscopes, signal analyzers and signal generators (by bandwidth, sample rate or frequency range).
- Network analyzers and equipment for microwave and millimetre-wave work.
- Some encryption-capable network and computing hardware.
- Precision motion control, certain CNC controllers and metrology equipment.

The exact rules depend on the exporting country's control list (for example the EU dual-use list or the US Commerce Control List) and on where the item is going and who will use it.

# What sellers should do

- Find the item's export classification: many manufacturers publish it.
- Check the destination, the buyer and the stated end use against sanctions and restricted-party lists.
- Obtain a licence where one is required, and keep records.

# What buyers should do

Tell the seller the destination and the end use truthfully, and supply what your customs authority needs (importer details, commodity codes). Import duties and taxes are normally the buyer's.

# Hazardous and restricted items

Lithium batteries, items containing radioactive sources (some older gauges and detectors) and equipment with refrigerants need special handling or cannot be shipped at all. What may not be listed is in the [prohibited conduct policy](/prohibited-conduct).

This article is guidance, not legal advice: when in doubt, ask a customs broker or export specialist.`,
    },
    {
      slug: "fees-explained",
      title: "Tradebench fees explained",
      category: "payments-fees",
      tags: ["fees", "pricing", "selling"],
      status: "published",
      updatedDaysAgo: 3,
      content: `${listingFee}. Sellers pay when an item sells, and only then.

# Success fees

${successFees}

The fee is taken from the payment when the escrow releases it; the order page shows the rate and the amount for each sale.

# Optional extras

- **Featured listing**: ${featured}. ${FEE_SCHEDULE.featuredListing.description}
- **Bulk CSV import**: ${bulkImport}.
- **The AI listing assistant**: ${FEE_SCHEDULE.aiAssistantPriceCents === 0 ? "free" : formatPrice(FEE_SCHEDULE.aiAssistantPriceCents)}.

# Buyers

Buyers pay the price of the item and the agreed shipping. ${FEE_SCHEDULE.paymentMethods.map((method) => `${method.label}: ${method.rateBp === 0 && method.fixedCents === 0 ? "no Tradebench fee" : `${formatRate(method.rateBp)} + ${formatExactPrice(method.fixedCents)}`}. ${method.description}`).join(" ")}

The complete price list is on the [pricing page](/pricing).`,
    },
    {
      slug: "buying-used-test-equipment",
      title: "A checklist for buying used test equipment",
      category: "buying",
      tags: ["buying", "checklist", "calibration"],
      status: "published",
      updatedDaysAgo: 27,
      content: `Used instruments can cost a fraction of new ones. This checklist keeps the savings from turning into a repair bill.

# Before you bid or buy

- **Exact model and options**: compare the installed options (on the photos of the options screen) with what your measurement needs.
- **Test level and condition**: read both; they answer different questions ([test levels](/knowledge-base/test-levels-explained), [condition grading](/knowledge-base/condition-grading)).
- **Calibration**: when was it last calibrated, by whom, and is it accredited? Budget a calibration if not ([calibration certificates](/knowledge-base/calibration-certificates)).
- **Accessories and licences**: probes, cables, software and licence keys are often sold separately.
- **Power and region**: mains voltage, plug, and for RF gear, the frequency plan of your region.
- **Shipping**: weight, packaging and who pays for freight on heavy items.

# Ask the seller

Message the seller about anything unclear. Answers given on Tradebench stay with the order if there is ever a dispute.

# Keep track

Watch listings you are considering and save searches for models you want; Tradebench tells you about price drops and new matches.

# Pay safely

Always pay through Tradebench so the payment is held in escrow until you have checked the item for ${INSPECTION_PERIOD_DAYS} days ([escrow and buyer protection](/knowledge-base/escrow-and-buyer-protection)).`,
    },
    {
      slug: "refurbishing-bench-power-supplies",
      title: "Refurbishing bench power supplies before resale",
      category: "testing-calibration",
      tags: ["testing", "refurbishing", "power supplies"],
      status: "draft",
      updatedDaysAgo: 1,
      content: `Draft: notes on cleaning, replacing electrolytic capacitors and load-testing linear and switching bench supplies before listing them.

# To cover

- Safety: discharge, isolation transformer
- Visual inspection and cleaning
- Capacitor replacement
- Load test at rated current, ripple measurement`,
    },
  ];
}

const DAY_MS = 86_400_000;

/** Saves the demo articles by `authorId`, and a few "Yes" answers from demo members so Popular Topics has data. */
export async function seedDemoKnowledgeBase(
  db: Kysely<Database>,
  { authorId, voterIds, now }: { authorId: string; voterIds: readonly string[]; now: Date },
): Promise<void> {
  const ids = new Map<string, number>();
  for (const article of demoArticles()) {
    const { slug, title, category, tags, status, content } = article;
    const saved = await saveArticle(
      db,
      null,
      { slug, title, category, tags, status, content },
      authorId,
      new Date(now.getTime() - article.updatedDaysAgo * DAY_MS),
    );
    ids.set(slug, saved.id);
  }
  const helpful = ["escrow-and-buyer-protection", "shipping", "pricing-guide", "calibration-certificates", "photography"];
  for (const [index, voterId] of voterIds.entries()) {
    for (const slug of helpful.slice(0, helpful.length - index)) {
      await recordHelpfulVote(db, ids.get(slug)!, { userId: voterId }, true, now);
    }
  }
}
