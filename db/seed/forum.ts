// The demo forum: a pinned welcome topic and questions members of an industrial-equipment marketplace ask each other,
// with replies from the demo accounts and dealers, spread over the last weeks. Written through the forum's services
// (topics, replies, the solution mark, the moderator's pin and lock), so the rows are the ones the app itself writes.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { createForumTopic, replyToForumTopic } from "../../app/services/community/forum-posting.server.ts";
import { flagForumPost, markForumSolution, moderateForumTopic } from "../../app/services/community/forum-moderation.server.ts";
import type { Random } from "./random.ts";

interface DemoReply {
  by: string;
  body: string;
  /** This reply is the topic's solution. */
  solution?: boolean;
}

interface DemoTopic {
  category: string;
  by: string;
  title: string;
  body: string;
  /** Days before the seed's present that the topic was started. */
  daysAgo: number;
  replies: DemoReply[];
  pinned?: boolean;
  locked?: boolean;
}

const MODERATOR = "moderator@tradebench.test";
const BUYER = "buyer@tradebench.test";
const SELLER = "seller@tradebench.test";
const WESTBROOK = "sales@westbrooktest.test";
const GREAT_LAKES = "orders@greatlakesautomation.test";
const BAY_STATE = "lab@baystatelabexchange.test";
const RHEINLAND = "verkauf@rheinland-messtechnik.test";
const PRAIRIE = "info@prairiepowerprocess.test";
const LONE_STAR = "equipment@lonestarheavyiron.test";

export const DEMO_FORUM_TOPICS: readonly DemoTopic[] = [
  {
    category: "general",
    by: MODERATOR,
    title: "Welcome to the Tradebench forum: read this before posting",
    body: [
      "This forum is for people who buy, sell, repair and use industrial and lab equipment.",
      "",
      "- Put the **make and model** in your title.",
      "- Say what you measured and how, and add firmware or option codes when they matter.",
      "- Listings belong on the marketplace, not here: no adverts in posts.",
      "- When someone solves your problem, mark their reply as the solution.",
      "",
      "Moderators hide posts that break these rules; three flags from members hide a post until we review it.",
    ].join("\n"),
    daysAgo: 40,
    pinned: true,
    locked: true,
    replies: [],
  },
  {
    category: "test-measurement",
    by: BUYER,
    title: "Keysight 34461A reads 40 µV high after warm-up: drift or calibration?",
    body: "Bought a used 34461A here last month. Shorted inputs read about 40 µV on the 100 mV range after an hour of warm-up, zero after a fresh power cycle. Is this a calibration issue or something in the front end?",
    daysAgo: 12,
    replies: [
      {
        by: WESTBROOK,
        body: "Did you run **Null** with the shorting plug in place? Thermal EMF at the binding posts alone can give tens of microvolts if the leads are copper and the posts are brass.",
      },
      {
        by: RHEINLAND,
        body: "Also check *Auto Zero* is on. With auto zero off the offset drifts with temperature; the manual lists it under `SENSe:VOLTage:DC:ZERO:AUTO`.",
        solution: true,
      },
      { by: BUYER, body: "Auto zero was off: the previous owner saved it in a state. With it on the offset stays under 2 µV. Thanks!" },
    ],
  },
  {
    category: "automation-control",
    by: SELLER,
    title: "Allen-Bradley 1756-L71: clearing the old program before resale",
    body: "We are listing a batch of ControlLogix L71 controllers pulled from a packaging line. What is the accepted way to wipe them so the buyer gets a clean controller, and should the firmware be left as is?",
    daysAgo: 9,
    replies: [
      {
        by: GREAT_LAKES,
        body: "Flash them to the same firmware with ControlFLASH: that clears the user program. State the firmware revision in the listing; buyers filter on it.",
      },
      { by: MODERATOR, body: "Good practice: remove the SD card too, it may hold a copy of the customer's project." },
    ],
  },
  {
    category: "electrical-power",
    by: PRAIRIE,
    title: "Shipping a 75 kVA dry-type transformer: crate or skid?",
    body: "A buyer in Ohio wants a 480-208 V dry-type transformer, about 450 kg. Freight carriers quote differently for a crate and a skid. What has worked for you?",
    daysAgo: 7,
    replies: [
      {
        by: LONE_STAR,
        body: "Skid, bolted through the base frame, with a plywood top and stretch wrap. A full crate adds weight and the forklift pockets matter more than the walls.",
      },
      { by: SELLER, body: "Photograph it strapped down before pickup. If the carrier damages it, those photos are what the claim needs.", solution: true },
    ],
  },
  {
    category: "data-acquisition",
    by: BAY_STATE,
    title: "NI cDAQ-9178 not detected on Windows 11",
    body: "A cDAQ-9178 chassis shows up as an unknown USB device. NI MAX does not list it. The same chassis works on a Windows 10 laptop.",
    daysAgo: 5,
    replies: [
      { by: WESTBROOK, body: "Which NI-DAQmx version? Older ones do not install the USB driver on Windows 11. Version 2023 Q1 or later fixed it for us." },
      { by: BAY_STATE, body: "It was 19.6. Updating now." },
    ],
  },
  {
    category: "lab-scientific",
    by: BUYER,
    title: "What to check on a used Thermo centrifuge before buying?",
    body: "Looking at a refurbished benchtop centrifuge listing. Besides the rotor, what should I ask the seller for?",
    daysAgo: 4,
    replies: [
      {
        by: BAY_STATE,
        body: "Ask for the rotor's *run log* or cycle count: rotors are rated for a number of cycles and must be retired after it. Also the lid interlock test and the imbalance detection.",
      },
      { by: RHEINLAND, body: "And the date of the last service with the speed verified by a tachometer, not only the display." },
    ],
  },
  {
    category: "test-measurement",
    by: SELLER,
    title: "Is a calibration certificate worth it for a used 8-bit scope?",
    body: "Listing several mid-range oscilloscopes. Accredited calibration costs about a fifth of the price. Do buyers care?",
    daysAgo: 3,
    replies: [
      {
        by: WESTBROOK,
        body: "For labs under ISO 17025 it is a must, for hobbyists it is not. List both: the price with and without, and let the buyer choose.",
      },
      { by: BUYER, body: "As a buyer I filter on *calibrated* first. A recent certificate with data (not only a sticker) is what sells it to me." },
      { by: GREAT_LAKES, body: 'Agree. And say which standard: "calibrated" alone means little.' },
    ],
  },
  {
    category: "automation-control",
    by: GREAT_LAKES,
    title: "Siemens S7-1200 stuck in STOP after firmware update",
    body: "Updated a CPU 1214C from V4.2 to V4.5 and it stays in STOP with a red error LED. The diagnostic buffer mentions an incompatible configuration.",
    daysAgo: 2,
    replies: [
      {
        by: RHEINLAND,
        body: "The hardware configuration in TIA Portal still says V4.2. Change the device version in the project (*Change device*), compile and download: it will go to RUN.",
      },
    ],
  },
  {
    category: "general",
    by: BUYER,
    title: "How long does the inspection period start: delivery or pickup?",
    body: "For an order picked up at the seller's warehouse, when does the inspection period begin?",
    daysAgo: 1,
    replies: [
      {
        by: MODERATOR,
        body: "From the moment the order is marked delivered, which for a pickup is when you collect it. The [buyer protection page](/buyer-protection) has the details.",
        solution: true,
      },
    ],
  },
  {
    category: "electrical-power",
    by: LONE_STAR,
    title: "Generator load bank testing before listing: how long?",
    body: "We test diesel gensets on a resistive load bank before listing. Is two hours at 75 % load what buyers expect, or do you run longer?",
    daysAgo: 0.5,
    replies: [
      {
        by: PRAIRIE,
        body: "Two hours at 75 % then 30 minutes at 100 % is what our buyers ask for. Log voltage, frequency, oil pressure and coolant temperature every 15 minutes and attach the sheet.",
      },
    ],
  },
];

/** A reply members flagged that awaits a moderator in /admin/moderation: written, then flagged by each of `flaggedBy`. */
interface DemoFlaggedReply {
  topic: string;
  by: string;
  body: string;
  flaggedBy: readonly string[];
  /** Hours before the seed's present that the reply was posted; the flags follow within the hour. */
  hoursAgo: number;
}

export const DEMO_FLAGGED_REPLIES: readonly DemoFlaggedReply[] = [
  {
    topic: "Generator load bank testing before listing: how long?",
    by: PRAIRIE,
    body: "Forget the load bank: we sell 500 kW load banks at half price, no questions asked. Cash only, message me off the site on WhatsApp and I will ship tomorrow.",
    flaggedBy: [BUYER, WESTBROOK, GREAT_LAKES],
    hoursAgo: 6,
  },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Seeds the demo forum; authors are found by e-mail (the demo accounts and dealers must exist). */
export async function seedDemoForum(db: Kysely<Database>, random: Random, { now }: { now: Date }): Promise<void> {
  const emails = [
    ...new Set([
      ...DEMO_FORUM_TOPICS.flatMap((topic) => [topic.by, ...topic.replies.map((reply) => reply.by)]),
      ...DEMO_FLAGGED_REPLIES.flatMap((reply) => [reply.by, ...reply.flaggedBy]),
    ]),
  ];
  const rows = await db.selectFrom("profiles").select(["id", "email"]).where("email", "in", emails).execute();
  const idOf = new Map(rows.map((row) => [row.email, row.id]));
  const user = (email: string) => {
    const id = idOf.get(email);
    if (!id) throw new Error(`The demo forum needs the account ${email}`);
    return id;
  };
  const moderator = { userId: user(MODERATOR), canModerate: true };
  for (const demo of DEMO_FORUM_TOPICS) {
    const startedAt = new Date(now.getTime() - demo.daysAgo * DAY);
    const author = { userId: user(demo.by), canModerate: demo.by === MODERATOR };
    const topicId = await createForumTopic(db, author, { categoryId: demo.category, title: demo.title, body: demo.body }, startedAt);
    let at = startedAt.getTime();
    // Replies follow within the topic's lifetime, each a little after the previous one, never after the present.
    const span = Math.max(HOUR, Math.min(demo.daysAgo * DAY, 3 * DAY)) / (demo.replies.length + 1);
    for (const reply of demo.replies) {
      at = Math.min(at + span * (0.5 + random.next()), now.getTime() - 60_000);
      const postId = await replyToForumTopic(db, { userId: user(reply.by), canModerate: reply.by === MODERATOR }, topicId, reply.body, new Date(at));
      if (reply.solution) await markForumSolution(db, author, topicId, postId, new Date(at));
    }
    if (demo.pinned) await moderateForumTopic(db, moderator, topicId, { action: "pin" }, startedAt);
    if (demo.locked) await moderateForumTopic(db, moderator, topicId, { action: "lock" }, startedAt);
    // Views from before anyone counted them: the demo's history, as the demo listings have theirs.
    const views = Math.round((demo.daysAgo + 1) * (3 + random.next() * 9)) + demo.replies.length * random.int(4, 12);
    await db.updateTable("forum_topics").set({ view_count: views }).where("id", "=", topicId).execute();
  }
  // Flagged replies, through the forum's own flagging: three flags from members in good standing hide a reply until a
  // moderator restores or removes it in /admin/moderation.
  for (const demo of DEMO_FLAGGED_REPLIES) {
    const topic = await db.selectFrom("forum_topics").select("id").where("title", "=", demo.topic).executeTakeFirstOrThrow();
    const postedAt = now.getTime() - demo.hoursAgo * HOUR;
    const postId = await replyToForumTopic(db, { userId: user(demo.by), canModerate: false }, topic.id, demo.body, new Date(postedAt));
    for (const [index, flagger] of demo.flaggedBy.entries()) {
      await flagForumPost(db, { userId: user(flagger), canModerate: false }, postId, new Date(postedAt + (index + 1) * 10 * 60_000));
    }
  }
}
