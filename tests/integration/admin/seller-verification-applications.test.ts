// Seller verification applications on a real database (both engines): a seller applies with the company's
// details and documents kept in the upload store; bad documents, a second application while one waits, a buyer and an
// already verified seller are refused; staff with can_manage_users approve (the badge follows) or reject with a reason
// (the seller may apply again); nobody decides their own; moderators and support are refused; every step is audited
// and the seller hears each decision by notification and e-mail; staff can no longer set the mark by hand; the
// documents are served to the applicant and the reviewers only. Through the routes too: the form, the queue, the
// console's count.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { OpenedDatabase } from "#db/dialect.ts";
import { VERIFICATION_APPLICATION_MESSAGES as M, VERIFICATION_MAX_DOCUMENT_BYTES } from "~/lib/seller-verification.ts";
import { setSellerVerification } from "~/services/accounts/index.server.ts";
import { publicProfile } from "~/flows/index.server.ts";
import {
  countPendingVerificationApplications,
  decideVerificationApplication,
  listPendingVerificationApplications,
  submitVerificationApplication,
  verificationDocumentFor,
  verificationStanding,
  VERIFICATION_APPLICATION_AUDIT_ACTIONS,
} from "~/services/admin/index.server.ts";
import { faqSections } from "~/components/site-pages/faq-sections.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import type * as Storage from "~/services/storage/index.server.ts";
import { refusalOf } from "../../support/refusals.ts";
import { routeCalls } from "../../support/route-calls.ts";
import { createTestDatabase } from "../../support/test-database.ts";
import { insertUserRow } from "../../support/users.ts";

type StorageModule = typeof Storage;
const state = vi.hoisted(() => ({ db: undefined as unknown, store: undefined as unknown }));
vi.mock("~/db.server.ts", () => ({ getDb: () => state.db }));
vi.mock("~/services/storage/index.server.ts", async (importOriginal) => {
  const original = await importOriginal<StorageModule>();
  return { ...original, getUploadStore: () => state.store };
});

const profileRoute = await import("~/routes/profile_.verification.tsx");
const queueRoute = await import("~/routes/admin.verifications.tsx");
const documentRoute = await import("~/routes/verification-documents.$id.ts");
const adminFrame = await import("~/routes/admin.tsx");

const PDF = new Uint8Array([...new TextEncoder().encode("%PDF-1.7\n"), 1, 2, 3]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const EXE = new TextEncoder().encode("MZ not a document");
const DETAILS = { companyName: "Corelab Instruments GmbH", registrationNumber: "HRB 123456", country: "Germany", address: "Hauptstraße 1, 10115 Berlin" };
const T0 = new Date("2026-12-01T10:00:00.000Z");

let opened: OpenedDatabase;
let uploadsDir: string;
let store: DiskStore;
const people = { seller: "", buyer: "", admin: "", superAdmin: "", moderator: "", support: "", adminSeller: "" };
const actor = (id: string, role: "admin" | "super_admin" | "moderator" | "support" | "seller") => ({ id, role });

beforeEach(async () => {
  opened = createTestDatabase();
  state.db = opened.db;
  uploadsDir = mkdtempSync(join(tmpdir(), "verification-"));
  store = new DiskStore(uploadsDir);
  state.store = store;
  people.seller = await insertUserRow(opened.db, undefined, "seller");
  people.buyer = await insertUserRow(opened.db, undefined, "buyer");
  people.admin = await insertUserRow(opened.db, undefined, "admin");
  people.superAdmin = await insertUserRow(opened.db, undefined, "super_admin");
  people.moderator = await insertUserRow(opened.db, undefined, "moderator");
  people.support = await insertUserRow(opened.db, undefined, "support");
});
afterEach(async () => {
  await opened.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const submit = (
  sellerId: string,
  documents = [
    { name: "registration.pdf", bytes: PDF },
    { name: "utility-bill.png", bytes: PNG },
  ],
) => submitVerificationApplication(opened.db, store, { sellerId, details: DETAILS, documents, now: T0 });

async function auditActions(): Promise<string[]> {
  const rows = await opened.db.selectFrom("audit_events").select("action").where("action", "like", "seller.%").orderBy("id").execute();
  return rows.map((row) => row.action);
}

describe("applying", () => {
  it("a seller applies with documents kept in the upload store; the application waits in the queue and is audited", async () => {
    const id = await submit(people.seller);
    const standing = await verificationStanding(opened.db, people.seller);
    expect(standing).toMatchObject({ isSeller: true, isVerified: false, mayApply: false, latest: { id, status: "pending", companyName: DETAILS.companyName } });
    expect(standing.latest?.documents.map((doc) => doc.fileName)).toEqual(["registration.pdf", "utility-bill.png"]);
    const keys = await opened.db.selectFrom("seller_verification_documents").select(["upload_key", "content_type"]).orderBy("id").execute();
    expect(keys.map((row) => row.content_type)).toEqual(["application/pdf", "image/png"]);
    for (const row of keys) expect(row.upload_key.startsWith(`verification/${people.seller}/`)).toBe(true);
    expect(new Uint8Array((await store.get(keys[0]!.upload_key))!.bytes)).toEqual(PDF);
    expect(await countPendingVerificationApplications(opened.db)).toBe(1);
    expect((await listPendingVerificationApplications(opened.db, 1)).applications[0]).toMatchObject({
      id,
      sellerId: people.seller,
      registrationNumber: "HRB 123456",
    });
    expect(await auditActions()).toEqual([VERIFICATION_APPLICATION_AUDIT_ACTIONS.submit]);
  });

  it("refuses no document, too many, a file that is not a PDF or image, one too big; nothing is stored", async () => {
    expect((await refusalOf(submit(people.seller, []), "invalid")).message).toBe(M.documentsRequired);
    expect(
      (
        await refusalOf(
          submit(
            people.seller,
            Array.from({ length: 6 }, (_, i) => ({ name: `d${i}.pdf`, bytes: PDF })),
          ),
          "invalid",
        )
      ).message,
    ).toBe(M.tooManyDocuments);
    expect((await refusalOf(submit(people.seller, [{ name: "registration.pdf", bytes: EXE }]), "invalid")).message).toBe(M.documentType);
    const big = new Uint8Array(VERIFICATION_MAX_DOCUMENT_BYTES + 1);
    big.set(PDF);
    expect((await refusalOf(submit(people.seller, [{ name: "scan.pdf", bytes: big }]), "invalid")).message).toBe(M.documentTooBig);
    expect(await countPendingVerificationApplications(opened.db)).toBe(0);
    expect(await opened.db.selectFrom("seller_verification_documents").selectAll().execute()).toHaveLength(0);
  });

  it("refuses a buyer, a second application while one waits, and a verified seller; the refused files are removed", async () => {
    expect((await refusalOf(submit(people.buyer), "forbidden")).message).toBe(M.onlySellers);
    await submit(people.seller);
    expect((await refusalOf(submit(people.seller), "conflict")).message).toBe(M.alreadyPending);
    expect(await opened.db.selectFrom("seller_verification_documents").selectAll().execute()).toHaveLength(2);
    const [application] = (await listPendingVerificationApplications(opened.db, 1)).applications;
    await decideVerificationApplication(opened.db, { actor: actor(people.admin, "admin"), applicationId: application!.id, decision: "approve", now: T0 });
    expect((await refusalOf(submit(people.seller), "conflict")).message).toBe(M.alreadyVerified);
  });
});

describe("deciding", () => {
  it("approval marks the seller verified (the badge), audits before and after, and tells the seller by notification and e-mail", async () => {
    const id = await submit(people.seller);
    await decideVerificationApplication(opened.db, { actor: actor(people.admin, "admin"), applicationId: id, decision: "approve", now: T0 });
    expect((await publicProfile(opened.db, people.seller, null))?.verifiedSince).toBe(T0.toISOString());
    expect(await countPendingVerificationApplications(opened.db)).toBe(0);
    const audit = await opened.db
      .selectFrom("audit_events")
      .select(["action", "actor_user_id", "detail"])
      .where("action", "=", VERIFICATION_APPLICATION_AUDIT_ACTIONS.approve)
      .executeTakeFirstOrThrow();
    expect(audit.actor_user_id).toBe(people.admin);
    expect(JSON.parse(audit.detail ?? "{}")).toMatchObject({ before: { status: "pending", verified: false }, after: { status: "approved", verified: true } });
    const notice = await opened.db.selectFrom("notifications").select(["title", "action_url"]).where("user_id", "=", people.seller).executeTakeFirstOrThrow();
    expect(notice).toEqual({ title: "Your seller verification is approved", action_url: "/profile/verification" });
    const seller = await opened.db.selectFrom("users").select("email").where("id", "=", people.seller).executeTakeFirstOrThrow();
    const mail = await opened.db.selectFrom("email_outbox").select(["subject"]).where("to_address", "=", seller.email).execute();
    expect(mail.map((row) => row.subject)).toContain("Your seller verification is approved");
    expect(
      (
        await refusalOf(
          decideVerificationApplication(opened.db, { actor: actor(people.superAdmin, "super_admin"), applicationId: id, decision: "reject", reason: "late" }),
          "conflict",
        )
      ).message,
    ).toBe(M.notPending);
  });

  it("rejection needs a reason, which the seller reads; the seller may then apply again", async () => {
    const id = await submit(people.seller);
    expect(
      (
        await refusalOf(
          decideVerificationApplication(opened.db, { actor: actor(people.admin, "admin"), applicationId: id, decision: "reject", reason: "  " }),
          "invalid",
        )
      ).message,
    ).toBe(M.reasonRequired);
    await decideVerificationApplication(opened.db, {
      actor: actor(people.admin, "admin"),
      applicationId: id,
      decision: "reject",
      reason: "The proof of address is older than three months.",
      now: T0,
    });
    const standing = await verificationStanding(opened.db, people.seller);
    expect(standing).toMatchObject({
      isVerified: false,
      mayApply: true,
      latest: { status: "rejected", rejectionReason: "The proof of address is older than three months." },
    });
    const notice = await opened.db.selectFrom("notifications").select("message").where("user_id", "=", people.seller).executeTakeFirstOrThrow();
    expect(notice.message).toContain("The proof of address is older than three months.");
    const again = await submit(people.seller);
    expect(again).not.toBe(id);
    const [entry] = (await listPendingVerificationApplications(opened.db, 1)).applications;
    expect(entry?.earlierRejections).toEqual([{ reason: "The proof of address is older than three months.", decidedAt: T0.toISOString() }]);
    expect(await auditActions()).toEqual(["seller.verification_submitted", "seller.verification_rejected", "seller.verification_submitted"]);
  });

  it("refuses staff without can_manage_users, and staff deciding their own application", async () => {
    const id = await submit(people.seller);
    await refusalOf(
      decideVerificationApplication(opened.db, { actor: actor(people.moderator, "moderator"), applicationId: id, decision: "approve" }),
      "forbidden",
    );
    await refusalOf(decideVerificationApplication(opened.db, { actor: actor(people.support, "support"), applicationId: id, decision: "approve" }), "forbidden");
    await refusalOf(decideVerificationApplication(opened.db, { actor: actor(people.seller, "seller"), applicationId: id, decision: "approve" }), "forbidden");
    await refusalOf(
      decideVerificationApplication(opened.db, { actor: actor(people.admin, "admin"), applicationId: 999_999, decision: "approve" }),
      "not_found",
    );
    // An admin who applied (their profile's role is seller here: a seller promoted later keeps the row's author).
    const own = await opened.db
      .insertInto("seller_verification_applications")
      .values({ seller_id: people.admin, company_name: "Own Co", registration_number: "1", country: "X", address: "Y" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const refusal = await refusalOf(
      decideVerificationApplication(opened.db, { actor: actor(people.admin, "admin"), applicationId: own.id, decision: "approve" }),
      "forbidden",
    );
    expect(refusal.message).toBe("This is your own account; another staff member must decide.");
    expect((await publicProfile(opened.db, people.seller, null))?.verifiedSince).toBeNull();
  });

  it("staff can no longer mark a seller verified by hand; taking the mark away still works", async () => {
    expect(
      (await refusalOf(setSellerVerification(opened.db, { actor: actor(people.admin, "admin"), sellerId: people.seller, verified: true }), "conflict")).message,
    ).toBe(M.onlyByApproval);
    const id = await submit(people.seller);
    await decideVerificationApplication(opened.db, { actor: actor(people.admin, "admin"), applicationId: id, decision: "approve", now: T0 });
    await setSellerVerification(opened.db, { actor: actor(people.admin, "admin"), sellerId: people.seller, verified: false });
    expect((await publicProfile(opened.db, people.seller, null))?.verifiedSince).toBeNull();
  });

  it("documents open for the applicant and the reviewers only", async () => {
    await submit(people.seller);
    const [doc] = await opened.db.selectFrom("seller_verification_documents").select("id").orderBy("id").execute();
    expect(new Uint8Array((await verificationDocumentFor(opened.db, store, actor(people.seller, "seller"), doc!.id)).bytes)).toEqual(PDF);
    expect((await verificationDocumentFor(opened.db, store, actor(people.admin, "admin"), doc!.id)).contentType).toBe("application/pdf");
    await refusalOf(verificationDocumentFor(opened.db, store, { id: people.buyer, role: "buyer" }, doc!.id), "not_found");
    await refusalOf(verificationDocumentFor(opened.db, store, actor(people.moderator, "moderator"), doc!.id), "not_found");
  });
});

describe("through the routes", () => {
  const calls = () => routeCalls<Record<string, unknown>>({ db: () => opened.db });

  async function multipart(as: string, fields: Record<string, string>, files: Array<{ name: string; bytes: Uint8Array; type: string }>): Promise<Request> {
    const base = await calls().request("/profile/verification", as);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of files) form.append("documents", new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name);
    return new Request("http://localhost/profile/verification", { method: "POST", headers: { Cookie: base.headers.get("Cookie") ?? "" }, body: form });
  }
  const ctx = { cspNonce: "", clientIp: "192.0.2.1" };

  it("the seller's form sends an application; a missing field is named; the queue lists it and the console counts it", async () => {
    const missing = await calls().answer(async () =>
      profileRoute.action({
        request: await multipart(people.seller, { ...DETAILS, registrationNumber: "" }, [{ name: "r.pdf", bytes: PDF, type: "application/pdf" }]),
        params: {},
        context: ctx,
      }),
    );
    expect(missing).toMatchObject({ status: 400, data: { fieldErrors: { registrationNumber: M.registrationRequired } } });
    const noFiles = await calls().answer(async () => profileRoute.action({ request: await multipart(people.seller, DETAILS, []), params: {}, context: ctx }));
    expect(noFiles).toMatchObject({ status: 400, data: { fieldErrors: { documents: M.documentsRequired } } });
    const sent = await calls().answer(async () =>
      profileRoute.action({
        request: await multipart(people.seller, DETAILS, [{ name: "r.pdf", bytes: PDF, type: "application/pdf" }]),
        params: {},
        context: ctx,
      }),
    );
    expect(sent).toMatchObject({ status: 302, location: "/profile/verification?sent=1" });
    const page = await calls().get(profileRoute, "/profile/verification?sent=1", people.seller);
    expect(page.data).toMatchObject({ sent: M.submitted, standing: { mayApply: false, latest: { status: "pending" } } });

    const queue = await calls().get(queueRoute, "/admin/verifications", people.admin);
    expect(queue.data).toMatchObject({ total: 1 });
    expect(await calls().get(queueRoute, "/admin/verifications", people.moderator)).toMatchObject({ status: 403 });
    const frame = await calls().get(adminFrame, "/admin", people.admin);
    expect((frame.data as { links: Array<{ label: string }> }).links.map((link) => link.label)).toContain("Verifications (1)");

    const [application] = (await listPendingVerificationApplications(opened.db, 1)).applications;
    const empty = await calls().post(queueRoute, "/admin/verifications", people.admin, {
      intent: "reject",
      applicationId: String(application!.id),
      reason: "",
    });
    expect(empty).toMatchObject({ status: 400, data: { formError: M.reasonRequired } });
    expect(await calls().post(queueRoute, "/admin/verifications", people.support, { intent: "approve", applicationId: String(application!.id) })).toMatchObject(
      { status: 403 },
    );
    const approved = await calls().post(queueRoute, "/admin/verifications", people.admin, { intent: "approve", applicationId: String(application!.id) });
    expect(approved).toMatchObject({ status: 302, location: "/admin/verifications?done=approve" });
    expect((await publicProfile(opened.db, people.seller, null))?.verifiedSince).not.toBeNull();

    const [doc] = await opened.db.selectFrom("seller_verification_documents").select("id").execute();
    const served = (await documentRoute.loader({
      request: await calls().request(`/verification-documents/${doc!.id}`, people.seller),
      params: { id: String(doc!.id) },
      context: ctx,
    })) as Response;
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("application/pdf");
    expect(served.headers.get("Content-Disposition")).toContain("attachment");
    const stranger = (await documentRoute.loader({
      request: await calls().request(`/verification-documents/${doc!.id}`, people.buyer),
      params: { id: String(doc!.id) },
      context: ctx,
    })) as Response;
    expect(stranger.status).toBe(404);
  });
});

describe("what the site says", () => {
  it("the FAQ says how to become verified, with the form's limits", () => {
    const figures = {
      minPasswordLength: 8,
      passwordResetLinkHours: 1,
      emailConfirmationLinkHours: 24,
      aiMemberAllowance: { limit: 1, hours: 1 },
      aiVisitorAllowance: { limit: 1, hours: 1 },
    };
    const entry = faqSections(figures)
      .flatMap((section) => section.entries)
      .find((one) => one.question === "How do I become a verified seller?");
    expect(entry?.answer).toContain("up to 5 documents");
    expect(entry?.answer).toContain("each at most 10 MB");
    expect(entry?.links).toEqual([{ to: "/profile/verification", label: "Seller verification" }]);
  });
});
