// /admin/bulk-imports through its loader, action and page: a new seller's first large import waits in the
// queue, listing managers see it and reject it with the reason the seller reads (audited, notified), a reject without
// a reason and a forged import are answered with a message and change nothing, other roles are refused, and the
// console's navigation counts what waits.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { chunksOf, parseBulkCsv } from "~/services/bulk-import/bulk-csv.server.ts";
import { applyBulkMapping, continueToPayment, createBulkImport, getBulkImport, startBulkImport } from "~/services/bulk-import/bulk-import.server.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

const database = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => database.current }));

const heldRoute = await import("~/routes/admin.bulk-imports.tsx");
const adminFrame = await import("~/routes/admin.tsx");

let opened: OpenedDatabase;
type Answer = { ok: boolean; message: string };
const calls = () => routeCalls<Answer>({ db: () => opened.db });
const people = { admin: "", seller: "", buyer: "" };
let heldId = 0;

beforeAll(async () => {
  opened = createTestDatabase();
  database.current = opened.db;
  people.admin = await insertUserRow(opened.db, "lister@example.test", "admin");
  people.seller = await insertUserRow(opened.db, "flood@example.test", "seller");
  people.buyer = await insertUserRow(opened.db, "buyer@example.test", "buyer");
  const lines = Array.from({ length: 4 }, (_, i) => `Fluke,87V,good,${100 + i},https://example.com/p${i}.jpg`).join("\n");
  const parsed = await parseBulkCsv(chunksOf(new TextEncoder().encode(`brand,model,condition,price,photo_urls\n${lines}\n`), 64));
  heldId = await createBulkImport(opened.db, people.seller, "flood.csv", parsed);
  await applyBulkMapping(opened.db, people.seller, heldId, (await getBulkImport(opened.db, people.seller, heldId)).mapping);
  await continueToPayment(opened.db, people.seller, heldId);
  expect((await startBulkImport(opened.db, people.seller, heldId, null, new Date(), { reviewThreshold: 3 })).held).toBe(true);
});
afterAll(async () => {
  await opened.close();
});

describe("/admin/bulk-imports", () => {
  it("lists the held import for listing managers, and counts it in the console's navigation", async () => {
    const page = (await calls().get(heldRoute, "/admin/bulk-imports", people.admin)) as { status: number; data?: unknown };
    expect(page.status).toBe(200);
    expect((page.data as { imports: Array<{ id: number; fileName: string; readyCount: number }> }).imports).toEqual([
      expect.objectContaining({ id: heldId, fileName: "flood.csv", readyCount: 4 }),
    ]);
    const frame = await calls().get(adminFrame, "/admin", people.admin);
    expect((frame.data as unknown as { links: Array<{ to: string; label: string }> }).links).toContainEqual({
      to: "/admin/bulk-imports",
      label: "Held imports (1)",
    });
  });

  it("refuses sellers and buyers", async () => {
    for (const who of [people.seller, people.buyer]) {
      expect((await calls().get(heldRoute, "/admin/bulk-imports", who)).status).toBe(403);
      expect((await calls().post(heldRoute, "/admin/bulk-imports", who, { importId: String(heldId), decision: "reject", note: "No." })).status).toBe(403);
    }
  });

  it("answers a reject without a reason and an unknown import with a message, and changes nothing", async () => {
    const noReason = await calls().post(heldRoute, "/admin/bulk-imports", people.admin, { importId: String(heldId), decision: "reject", note: "  " });
    expect([noReason.status, noReason.data?.message]).toEqual([400, "Give the reason the seller will read."]);
    const unknown = await calls().post(heldRoute, "/admin/bulk-imports", people.admin, { importId: "999999", decision: "reject", note: "Spam" });
    expect([unknown.status, unknown.data?.message]).toEqual([404, "This import is not waiting for review."]);
    const forged = await calls().post(heldRoute, "/admin/bulk-imports", people.admin, { importId: String(heldId), decision: "publish-all" });
    expect([forged.status, forged.data?.message]).toEqual([400, "Choose Approve or Reject."]);
    expect((await getBulkImport(opened.db, people.seller, heldId)).status).toBe("payment");
  });

  it("rejects with the reason: the import is cancelled, audited and the seller told why", async () => {
    const answer = await calls().post(heldRoute, "/admin/bulk-imports", people.admin, {
      importId: String(heldId),
      decision: "reject",
      note: "Add photos to every row.",
    });
    expect(answer.data).toEqual({ ok: true, message: `Import ${heldId} rejected; the seller was told why.` });
    expect((await getBulkImport(opened.db, people.seller, heldId)).status).toBe("cancelled");
    const audit = await opened.db.selectFrom("audit_events").select(["action", "actor_user_id"]).where("subject_type", "=", "bulk_import").execute();
    expect(audit).toEqual([{ action: "bulk_import.reject", actor_user_id: people.admin }]);
    const told = await opened.db.selectFrom("notifications").select("message").where("user_id", "=", people.seller).execute();
    expect(told.map((n) => n.message).join(" ")).toContain("Add photos to every row.");
    const again = await calls().post(heldRoute, "/admin/bulk-imports", people.admin, { importId: String(heldId), decision: "approve" });
    expect(again.status).toBe(404);
    const page = await calls().get(heldRoute, "/admin/bulk-imports", people.admin);
    expect((page.data as unknown as { imports: unknown[] }).imports).toEqual([]);
  });
});
