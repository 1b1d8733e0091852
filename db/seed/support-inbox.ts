// The support inbox's demo: contact-form messages from visitors and demo members, some assigned, one
// answered and still open, one answered and closed, through the same services the contact form and the inbox use.
import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { assignSupportRequest, replyToSupportRequest } from "../../app/services/support/support-inbox.server.ts";
import { submitSupportRequest } from "../../app/services/support/support-requests.server.ts";

export interface DemoSupportPeople {
  buyerId: string;
  sellerId: string;
  supportId: string;
  adminId: string;
}

const HOUR = 3_600_000;

/** Seeds a handful of messages received over the last days, with their assignments and replies. */
export async function seedDemoSupportInbox(db: Kysely<Database>, people: DemoSupportPeople, { now }: { now: Date }): Promise<void> {
  const buyer = await db.selectFrom("profiles").select(["email", "first_name", "last_name"]).where("id", "=", people.buyerId).executeTakeFirstOrThrow();
  const seller = await db
    .selectFrom("profiles")
    .select(["email", "first_name", "last_name", "company_name"])
    .where("id", "=", people.sellerId)
    .executeTakeFirstOrThrow();
  const buyersOrder = await db.selectFrom("orders").select("id").where("buyer_id", "=", people.buyerId).orderBy("id").executeTakeFirst();

  const messages = [
    {
      hoursAgo: 52,
      input: {
        name: "Priya Raman",
        email: "priya.raman@coastline-cal.example",
        company: "Coastline Calibration Labs",
        subject: "Shipping a rack-mount spectrum analyzer to Canada",
        message:
          "We are looking at a 19-inch rack-mount spectrum analyzer listed by a seller in Ohio. Does the buyer protection cover shipments across the border, and who handles the customs paperwork?",
      },
    },
    {
      hoursAgo: 30,
      input: {
        name: `${buyer.first_name} ${buyer.last_name}`,
        email: buyer.email,
        subject: "Which reference goes on my bank transfer?",
        message: "My bank's form has one field for the reference. Should I put the order reference there, or my name as well?",
        userId: people.buyerId,
        orderId: buyersOrder?.id ?? null,
      },
      assignTo: people.supportId,
      reply: "Put only the order reference in that field: it is how the escrow desk matches your transfer to the order. Your name is on the transfer already.",
    },
    {
      hoursAgo: 20,
      input: {
        name: "Tomás Ferreira",
        email: "t.ferreira@ferreira-automation.example",
        company: "Ferreira Automation",
        phone: "+1 (555) 014-2290",
        subject: "Listing forty PLC modules at once",
        message: "We are clearing out a warehouse of Allen-Bradley and Siemens PLC modules, about forty lots. Is there a bulk import, and what does it cost?",
      },
      assignTo: people.adminId,
    },
    {
      hoursAgo: 96,
      input: {
        name: `${seller.first_name} ${seller.last_name}`,
        email: seller.email,
        company: seller.company_name,
        subject: "Changing the company name on my listings",
        message: "Our company was renamed last month. Will changing it on my profile update the name shown on my active listings?",
        userId: people.sellerId,
      },
      assignTo: people.supportId,
      reply: "Yes: listings show the company name of your profile as it is now, so changing it there updates every listing at once.",
      close: true,
    },
    {
      hoursAgo: 3,
      input: {
        name: "Grace Oduya",
        email: "grace.oduya@example.com",
        subject: "Calibration certificate not in the box",
        message:
          "The handheld oscilloscope I bought arrived today, but the calibration certificate mentioned in the listing is not in the box. What should I do before I confirm receipt?",
      },
    },
  ];

  for (const { hoursAgo, input, assignTo, reply, close } of messages) {
    const at = new Date(now.getTime() - hoursAgo * HOUR);
    const { id } = await submitSupportRequest(db, { userId: null, orderId: null, ...input }, { supportEmail: null });
    await db.updateTable("support_requests").set({ created_at: at.toISOString() }).where("id", "=", id).execute();
    if (assignTo) await assignSupportRequest(db, { id, assigneeId: assignTo, expectedAssigneeId: null, actorId: assignTo }, new Date(at.getTime() + HOUR));
    if (reply && assignTo)
      await replyToSupportRequest(
        db,
        { id, actorId: assignTo, body: reply, close: close ?? false },
        { supportEmail: null, now: new Date(at.getTime() + 2 * HOUR) },
      );
  }
}
