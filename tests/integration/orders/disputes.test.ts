// Two-sided disputes and proof of delivery: the seller answers, both sides attach bounded, type-checked
// evidence, an outsider is refused, the seller's deadline is known to both, the referee sees both sides and writes,
// each message is mailed to the other parties; the seller's "Mark as delivered" needs proof and the buyer can contest
// it within the inspection period; a configured carrier's tracking event delivers, an unconfigured one is refused.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { DISPUTE_ANSWER_DAYS, DISPUTE_MESSAGES, MAX_DISPUTE_FILE_BYTES } from "~/lib/disputes.ts";
import { buyNow } from "~/services/orders/checkout.server.ts";
import { disputeThread, markDelivered, postDisputeMessage, recordCarrierDelivery } from "~/services/orders/disputes.server.ts";
import { transitionOrder, type OrderActor } from "~/services/orders/order-flow.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import type { ReceivedFile } from "~/services/uploads.ts";
import type { OrderAction } from "~/lib/orders.ts";
import { insertListingRow } from "../../support/listings.ts";
import { SHIPPING_ADDRESS } from "../../support/orders.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-11-23T10:00:00.000Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = new TextEncoder().encode("%PDF-1.4\n% signed delivery note\n");
const file = (name: string, bytes: Uint8Array): ReceivedFile => ({ name, size: bytes.byteLength, bytes, status: "kept" });

let opened: OpenedDatabase;
let dir: string;
let store: DiskStore;
let buyer: OrderActor;
let seller: OrderActor;
let referee: OrderActor;
let outsider: OrderActor;
let billing: OrderActor;
let orderId: number;

beforeEach(async () => {
  vi.stubEnv("SMTP_URL", undefined);
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  opened = createTestDatabase();
  dir = mkdtempSync(path.join(os.tmpdir(), "disputes-"));
  store = new DiskStore(dir);
  buyer = { id: await insertUserRow(opened.db, "buyer@example.test"), role: "buyer" };
  seller = { id: await insertUserRow(opened.db, "seller@example.test", "seller"), role: "seller" };
  referee = { id: await insertUserRow(opened.db, "referee@example.test", "dispute_resolution_referee"), role: "dispute_resolution_referee" };
  outsider = { id: await insertUserRow(opened.db, "outsider@example.test"), role: "buyer" };
  billing = { id: await insertUserRow(opened.db, "billing@example.test", "billing"), role: "billing" };
  const listingId = await insertListingRow(opened.db, seller.id, { title: "Fluke 87V multimeter", price_cents: 45_000 });
  ({ orderId } = await buyNow(opened.db, { listingId, buyerId: buyer.id, shipping: SHIPPING_ADDRESS, now: T0 }));
  await step(billing, "confirm_payment", 1);
  await step(seller, "ship", 2);
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await opened.close();
  rmSync(dir, { recursive: true, force: true });
});

function step(actor: OrderActor, action: OrderAction, day: number) {
  return transitionOrder(opened.db, {
    orderId,
    actor,
    action,
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
    reason: "The display is cracked.",
    note: "Decided on both sides' evidence.",
    now: at(day),
  });
}

const status = async () =>
  await opened.db.selectFrom("orders").select(["status", "delivery_source", "delivery_proof_key"]).where("id", "=", orderId).executeTakeFirstOrThrow();
const mails = () => opened.db.selectFrom("email_outbox").select(["to_address", "subject"]).orderBy("id").execute();

it("refuses the seller's 'Mark as delivered' without proof, and nothing changes", async () => {
  await expect(step(seller, "mark_delivered", 3)).rejects.toMatchObject({ kind: "invalid", message: DISPUTE_MESSAGES.proofRequired, field: "proof" });
  await expect(markDelivered(opened.db, store, { orderId, actor: seller, proof: [], now: at(3) })).rejects.toMatchObject({
    message: DISPUTE_MESSAGES.proofRequired,
  });
  expect((await status()).status).toBe("shipped");
});

it("refuses a proof of delivery that is not a photo or a PDF", async () => {
  await expect(
    markDelivered(opened.db, store, { orderId, actor: seller, proof: [file("note.exe", new TextEncoder().encode("MZ..."))], now: at(3) }),
  ).rejects.toMatchObject({
    message: DISPUTE_MESSAGES.wrongType("note.exe"),
  });
  expect((await status()).status).toBe("shipped");
});

it("lets the seller declare delivery with a signed delivery note, which the buyer contests within the inspection period", async () => {
  await markDelivered(opened.db, store, { orderId, actor: seller, proof: [file("delivery-note.pdf", PDF)], now: at(3) });
  const delivered = await status();
  expect(delivered).toMatchObject({ status: "delivered", delivery_source: "seller_proof" });
  expect(delivered.delivery_proof_key).toMatch(new RegExp(`^order-evidence/${orderId}/[0-9a-f-]{36}\\.pdf$`));
  expect(await store.get(delivered.delivery_proof_key!)).toMatchObject({ contentType: "application/pdf" });
  await step(buyer, "open_dispute", 9);
  expect((await status()).status).toBe("disputed");
});

it("refuses the buyer's contest once the inspection period is over", async () => {
  await markDelivered(opened.db, store, { orderId, actor: seller, proof: [file("porch.png", PNG)], now: at(3) });
  await expect(step(buyer, "open_dispute", 11)).rejects.toMatchObject({ kind: "conflict" });
});

it("hears both sides: the seller answers with evidence, the referee sees both and writes, each message mailed to the others", async () => {
  await step(buyer, "mark_delivered", 3);
  await step(buyer, "open_dispute", 4);
  await opened.db.deleteFrom("email_outbox").execute();
  await opened.db.updateTable("profiles").set({ first_name: "Bianca", last_name: "Byers", company_name: "" }).where("id", "=", buyer.id).execute();
  await opened.db
    .updateTable("profiles")
    .set({ first_name: "Samuel", last_name: "Sellwood", company_name: "Keystone Surplus" })
    .where("id", "=", seller.id)
    .execute();

  await postDisputeMessage(opened.db, store, { orderId, actor: buyer, body: "Here is the crack.", files: [file("crack.png", PNG)], now: at(4) });
  await postDisputeMessage(opened.db, store, {
    orderId,
    actor: seller,
    body: "It left us intact; see the packing photo and the note.",
    files: [file("packing.png", PNG), file("note.pdf", PDF)],
    now: at(5),
  });
  await postDisputeMessage(opened.db, store, { orderId, actor: referee, body: "Please both send the carrier's damage report.", now: at(6) });

  const thread = await disputeThread(opened.db, orderId);
  expect(thread.reason).toBe("The display is cracked.");
  expect(thread.answerDueAt).toBe(new Date(at(4).getTime() + DISPUTE_ANSWER_DAYS * DAY).toISOString());
  expect(thread.sellerAnswered).toBe(true);
  expect(thread.messages.map((message) => [message.side, message.attachments.length])).toEqual([
    ["buyer", 1],
    ["seller", 2],
    ["referee", 0],
  ]);
  // Each party under the name they go by in public: the seller trades as a company (docs/decisions/0082).
  expect(thread.messages.slice(0, 2).map((message) => message.authorName)).toEqual(["Bianca Byers", "Keystone Surplus"]);
  expect(thread.messages[1]!.attachments.map((attachment) => attachment.contentType)).toEqual(["image/png", "application/pdf"]);
  expect(thread.messages[1]!.attachments[0]!.url).toMatch(new RegExp(`^/orders/${orderId}/evidence/[0-9a-f-]{36}\\.png$`));

  const subject = expect.stringMatching(/^New message in the dispute on order /);
  expect(await mails()).toEqual([
    { to_address: "seller@example.test", subject },
    { to_address: "buyer@example.test", subject },
    { to_address: "buyer@example.test", subject },
    { to_address: "seller@example.test", subject },
  ]);
  // Once the referee has written, a party's next message reaches the referee too.
  await opened.db.deleteFrom("email_outbox").execute();
  await postDisputeMessage(opened.db, store, { orderId, actor: seller, body: "Attached in a moment.", now: at(6) });
  expect((await mails()).map((mail) => mail.to_address).sort()).toEqual(["buyer@example.test", "referee@example.test"]);
});

it("refuses an outsider, staff without the referee's permission, a closed dispute, and bad attachments — nothing stored", async () => {
  await step(buyer, "mark_delivered", 3);
  await expect(postDisputeMessage(opened.db, store, { orderId, actor: seller, body: "Too early", now: at(3) })).rejects.toMatchObject({
    kind: "conflict",
    message: DISPUTE_MESSAGES.notDisputed,
  });
  await step(buyer, "open_dispute", 4);
  await expect(postDisputeMessage(opened.db, store, { orderId, actor: outsider, body: "Hi" })).rejects.toMatchObject({ kind: "not_found" });
  await expect(postDisputeMessage(opened.db, store, { orderId, actor: billing, body: "Hi" })).rejects.toMatchObject({
    kind: "forbidden",
    message: DISPUTE_MESSAGES.notAParty,
  });
  await expect(postDisputeMessage(opened.db, store, { orderId, actor: seller, body: "   " })).rejects.toMatchObject({
    field: "body",
    message: DISPUTE_MESSAGES.bodyRequired,
  });
  await expect(postDisputeMessage(opened.db, store, { orderId, actor: seller, body: "x".repeat(4001) })).rejects.toMatchObject({
    message: DISPUTE_MESSAGES.bodyTooLong,
  });
  const six = Array.from({ length: 6 }, (_, index) => file(`p${index}.png`, PNG));
  await expect(postDisputeMessage(opened.db, store, { orderId, actor: seller, body: "Six", files: six })).rejects.toMatchObject({
    message: DISPUTE_MESSAGES.tooManyFiles,
  });
  const big: ReceivedFile = { name: "huge.png", size: MAX_DISPUTE_FILE_BYTES + 1, bytes: null, status: "too_big" };
  await expect(postDisputeMessage(opened.db, store, { orderId, actor: seller, body: "Big", files: [big] })).rejects.toMatchObject({
    message: DISPUTE_MESSAGES.fileTooBig("huge.png"),
  });
  const svg = file("crack.png", new TextEncoder().encode("<svg onload=alert(1)>"));
  await expect(postDisputeMessage(opened.db, store, { orderId, actor: buyer, body: "Disguised", files: [file("ok.png", PNG), svg] })).rejects.toMatchObject({
    message: DISPUTE_MESSAGES.wrongType("crack.png"),
  });
  expect(await opened.db.selectFrom("dispute_messages").select("id").execute()).toEqual([]);
  expect(await opened.db.selectFrom("dispute_attachments").select("id").execute()).toEqual([]);
  await step(referee, "refund", 6);
  await expect(postDisputeMessage(opened.db, store, { orderId, actor: buyer, body: "After" })).rejects.toMatchObject({ kind: "conflict" });
});

it("delivers from a configured carrier's tracking event, once, and refuses an unconfigured carrier", async () => {
  const event = { carrier: "UPS", trackingNumber: "1Z999AA10123456784", deliveredAt: at(3) };
  await expect(recordCarrierDelivery(opened.db, event, new Set())).rejects.toMatchObject({
    kind: "unavailable",
    message: DISPUTE_MESSAGES.carrierNotConfigured,
  });
  expect((await status()).status).toBe("shipped");
  expect(await recordCarrierDelivery(opened.db, event, new Set(["ups"]))).toEqual({ orderId, changed: true });
  expect(await status()).toMatchObject({ status: "delivered", delivery_source: "carrier" });
  expect(await recordCarrierDelivery(opened.db, event, new Set(["ups"]))).toEqual({ orderId, changed: false });
  expect(await opened.db.selectFrom("order_events").select("id").where("order_id", "=", orderId).where("status", "=", "delivered").execute()).toHaveLength(1);
});
