// Notification e-mails: queued with the notification when the member's choices ask for it, then sent once by the
// scheduler's dispatcher (printed to the log without SMTP).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { inWriteTransaction } from "#db/dialect.ts";
import { deliverPendingEmails } from "~/services/platform/mailer.server.ts";
import { insertNotifications, type NotificationDraft } from "~/services/notifications/notifications.server.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

let database: OpenedDatabase;
let memberId: string;

const outbid = (userId: string): NotificationDraft => ({
  userId,
  type: "bid",
  title: "You have been outbid",
  message: 'Another bidder bid $1,200 on "Keysight DSOX3024T".',
  actionUrl: "/auctions/7",
});

beforeAll(async () => {
  vi.stubEnv("SMTP_URL", undefined);
  vi.stubEnv("PUBLIC_URL", "https://tradebench.example");
  database = createTestDatabase();
  memberId = await insertUserRow(database.db, "grace@example.test");
  await database.db.updateTable("profiles").set({ first_name: "Grace" }).where("id", "=", memberId).execute();
});

beforeEach(async () => {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  await database.db.deleteFrom("email_outbox").execute();
  await database.db.updateTable("profiles").set({ preferences: "{}" }).where("id", "=", memberId).execute();
  return () => {
    vi.restoreAllMocks();
  };
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await database?.close();
});

async function outbox() {
  return database.db.selectFrom("email_outbox").select(["to_address", "subject", "text_body", "status"]).orderBy("id").execute();
}

describe("a notification with an e-mail alert", () => {
  it("is queued by default, with the message, a full link and where to change the choice", async () => {
    await inWriteTransaction(database.db, (trx) => insertNotifications(trx, [outbid(memberId)]));
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to_address: "grace@example.test", subject: "You have been outbid", status: "pending" });
    expect(mail.text_body).toContain("Hello Grace");
    expect(mail.text_body).toContain('Another bidder bid $1,200 on "Keysight DSOX3024T".');
    expect(mail.text_body).toContain("https://tradebench.example/auctions/7");
    expect(mail.text_body).toContain("https://tradebench.example/profile#email-alerts");
  });

  it("is not queued when the member turned that alert off, while other alerts still are", async () => {
    await database.db
      .updateTable("profiles")
      .set({ preferences: JSON.stringify({ email_alerts: { outbid: false } }) })
      .where("id", "=", memberId)
      .execute();
    await insertNotifications(database.db, [
      outbid(memberId),
      { userId: memberId, type: "auction_won", title: "You won", message: "You won the auction.", actionUrl: "/checkout/auction/7" },
    ]);
    expect((await outbox()).map((mail) => mail.subject)).toEqual(["You won"]);
  });

  it("is never queued for types without an e-mail alert", async () => {
    await insertNotifications(database.db, [{ userId: memberId, type: "system", title: "Maintenance tonight", message: "The site pauses at 02:00 UTC." }]);
    expect(await outbox()).toEqual([]);
  });
});

describe("the dispatcher", () => {
  it("sends each queued message once, even when two passes run at the same time", async () => {
    await insertNotifications(database.db, [outbid(memberId), outbid(memberId), outbid(memberId)]);
    const handled = await Promise.all([deliverPendingEmails(database.db), deliverPendingEmails(database.db)]);
    expect(handled[0] + handled[1]).toBe(3);
    // Without SMTP each message is printed once and recorded as such.
    expect((await outbox()).map((mail) => mail.status)).toEqual(["queued", "queued", "queued"]);
    expect(vi.mocked(console.log).mock.calls.filter(([line]) => String(line).includes("You have been outbid"))).toHaveLength(3);
    expect(await deliverPendingEmails(database.db)).toBe(0);
  });
});
