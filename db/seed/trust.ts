// The trust demo (after the reviews): the demo buyer follows the demo seller and two dealers; the demo
// administrator approves an unverified dealer's verification application (approval is the only way to the
// badge; audited) and another dealer's application waits in /admin/verifications; the buyer asks the demo
// seller a general question from the seller's profile and gets an answer (so the response figures have something to
// count); and a member reports one published review, so the moderators' list is not empty.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { followSeller } from "../../app/services/accounts/follows.server.ts";
import { MemoryRateLimiter } from "../../app/services/platform/rate-limit.server.ts";
import { decideVerificationApplication, submitVerificationApplication } from "../../app/services/admin/verification-applications.server.ts";
import type { UploadStore } from "../../app/services/storage/upload-store.server.ts";
import { openGeneralConversation, sendMessage } from "../../app/services/messaging/messages.server.ts";
import { InProcessBus } from "../../app/services/platform/live-events.server.ts";
import { reportReview } from "../../app/services/reviews/reviews.server.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function seedDemoTrust(
  db: Kysely<Database>,
  people: { buyerId: string; sellerId: string; adminId: string },
  { now, uploads }: { now: Date; uploads: UploadStore },
): Promise<void> {
  const at = (msBefore: number) => new Date(now.getTime() - msBefore);
  const dealers = await db
    .selectFrom("profiles")
    .select(["id", "is_verified"])
    .where("role", "=", "seller")
    .where("id", "!=", people.sellerId)
    .orderBy("created_at")
    .orderBy("id")
    .limit(20)
    .execute();
  await followSeller(db, people.buyerId, people.sellerId, at(40 * DAY));
  for (const [index, dealer] of dealers.slice(0, 2).entries()) await followSeller(db, people.buyerId, dealer.id, at((20 - index * 5) * DAY));

  const [approved, waiting] = dealers.filter((dealer) => !dealer.is_verified);
  for (const [dealer, sentAt] of [
    [approved, at(5 * DAY)],
    [waiting, at(1 * DAY)],
  ] as const) {
    if (!dealer) continue;
    const profile = await db
      .selectFrom("profiles")
      .select(["company_name", "country", "address", "city"])
      .where("id", "=", dealer.id)
      .executeTakeFirstOrThrow();
    const company = profile.company_name || "Demo Instruments Ltd";
    const applicationId = await submitVerificationApplication(db, uploads, {
      sellerId: dealer.id,
      details: {
        companyName: company,
        registrationNumber: `DEMO-${dealer.id.slice(0, 8).toUpperCase()}`,
        country: profile.country || "United States",
        address: [profile.address, profile.city].filter(Boolean).join(", ") || "1 Demo Street, Springfield",
      },
      documents: [
        { name: "certificate-of-registration.pdf", bytes: demoPdf(`${company}: certificate of registration (demo document)`) },
        { name: "proof-of-address.pdf", bytes: demoPdf(`${company}: utility bill for the registered address (demo document)`) },
      ],
      now: sentAt,
    });
    if (dealer === approved) {
      await decideVerificationApplication(db, { actor: { id: people.adminId, role: "admin" }, applicationId, decision: "approve", now: at(3 * DAY) });
    }
  }

  const options = { limiter: new MemoryRateLimiter(), bus: new InProcessBus() };
  const { conversationId } = await openGeneralConversation(db, people.buyerId, people.sellerId, at(6 * DAY));
  await sendMessage(
    db,
    { conversationId, senderId: people.buyerId, body: "Hello, do you take trade-ins of older Agilent analyzers against a purchase?", now: at(6 * DAY) },
    options,
  );
  await sendMessage(
    db,
    {
      conversationId,
      senderId: people.sellerId,
      body: "We do: send the model, options and serial number and we will quote within a day.",
      now: at(6 * DAY - 2 * HOUR),
    },
    options,
  );

  const review = await db
    .selectFrom("reviews")
    .select(["id", "reviewer_id"])
    .where("published_at", "is not", null)
    .where("reviewer_role", "=", "buyer")
    .where("reviewer_id", "!=", people.buyerId)
    .orderBy("id")
    .executeTakeFirst();
  if (review)
    await reportReview(db, {
      reviewId: review.id,
      reporterId: people.buyerId,
      reason: "This review names a different instrument from the one in the order.",
      now: at(1 * DAY),
    });
}

/** A one-page PDF saying `line`: the demo's verification documents. */
function demoPdf(line: string): Uint8Array {
  const text = line.replace(/[()\\]/g, "");
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}
