// Seller verification applications (docs/decisions/0076): a seller applies with the company's registered
// name, registration number, country and address and one to five documents (PDF or images, each at most 10 MB, kept in
// the upload store under `verification/{application}/` and never served publicly); staff holding can_manage_users
// approve or reject it with a reason, never their own; approval is what marks the seller verified (the Verified Seller
// badge reads profiles.is_verified and verification_date); a rejected seller may apply again. The applicant is told
// each decision by notification and by e-mail (an account matter, so the e-mail does not wait for a choice on
// /profile); submission and decisions are recorded in the audit log in the same transaction.
import type { Kysely } from "kysely";
import { forUpdate, inWriteTransaction } from "#db/dialect.ts";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { normalizeRole, type Role } from "~/lib/roles.ts";
import {
  VERIFICATION_APPLICATION_MESSAGES as M,
  VERIFICATION_MAX_DOCUMENT_BYTES,
  VERIFICATION_MAX_DOCUMENTS,
  VERIFICATION_QUEUE_PAGE_SIZE,
  type VerificationStatus,
} from "~/lib/seller-verification.ts";
import { permissionsOfRole, assertNotAParty } from "../accounts/index.server.ts";
import { DomainError } from "../domain-error.ts";
import { queueEmail, recordAuditEvent } from "../platform/index.server.ts";
import { announceNotifications, insertNotifications, type NotificationDraft } from "../notifications/index.server.ts";
import type { UploadStore } from "../storage/index.server.ts";

export const VERIFICATION_APPLICATION_AUDIT_ACTIONS = {
  submit: "seller.verification_submitted",
  approve: "seller.verification_approved",
  reject: "seller.verification_rejected",
} as const;

export interface VerificationDocumentUpload {
  name: string;
  bytes: Uint8Array;
}

export interface VerificationApplicationDetails {
  companyName: string;
  registrationNumber: string;
  country: string;
  address: string;
}

/** The file types accepted, recognised by their first bytes (the name and the browser's type are not trusted). */
const DOCUMENT_TYPES: ReadonlyArray<{ contentType: string; extension: string; matches: (bytes: Uint8Array) => boolean }> = [
  { contentType: "application/pdf", extension: "pdf", matches: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]) },
  { contentType: "image/png", extension: "png", matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: "image/jpeg", extension: "jpg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    contentType: "image/webp",
    extension: "webp",
    matches: (b) => startsWith(b, [0x52, 0x49, 0x46, 0x46]) && b.length >= 12 && String.fromCharCode(b[8]!, b[9]!, b[10]!, b[11]!) === "WEBP",
  },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((value, index) => bytes[index] === value);
}

/** The type of a document's bytes, or null when it is none of the accepted ones. */
function documentTypeOf(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const found = DOCUMENT_TYPES.find((type) => type.matches(bytes));
  return found ? { contentType: found.contentType, extension: found.extension } : null;
}

/** A file name safe to show and to send back as a download name. */
function cleanFileName(name: string): string {
  const base = name
    .replace(/[\\/]/g, "_")
    .replace(/[^\p{L}\p{N}._ -]/gu, "")
    .trim()
    .slice(0, 120);
  return base || "document";
}

/** The application a seller sees on /profile/verification: the latest one, or null before any. */
export interface OwnVerificationApplication {
  id: number;
  status: VerificationStatus;
  companyName: string;
  registrationNumber: string;
  country: string;
  address: string;
  rejectionReason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  documents: Array<{ id: number; fileName: string; sizeBytes: number }>;
}

export interface VerificationStanding {
  isSeller: boolean;
  isVerified: boolean;
  verifiedSince: string | null;
  latest: OwnVerificationApplication | null;
  /** Whether the form is offered: a seller, not verified, with nothing waiting. */
  mayApply: boolean;
}

async function documentsOf(db: Kysely<Database>, applicationIds: readonly number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .selectFrom("seller_verification_documents")
    .select(["id", "application_id", "file_name", "size_bytes", "content_type"])
    .where("application_id", "in", applicationIds)
    .orderBy("id")
    .execute();
}

/** Where a member stands: seller or not, verified or not, and their latest application. */
export async function verificationStanding(db: Kysely<Database>, userId: string): Promise<VerificationStanding> {
  const profile = await db.selectFrom("profiles").select(["role", "is_verified", "verification_date"]).where("id", "=", userId).executeTakeFirst();
  const row = await db
    .selectFrom("seller_verification_applications")
    .selectAll()
    .where("seller_id", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const documents = row ? await documentsOf(db, [row.id]) : [];
  const latest: OwnVerificationApplication | null = row
    ? {
        id: row.id,
        status: row.status,
        companyName: row.company_name,
        registrationNumber: row.registration_number,
        country: row.country,
        address: row.address,
        rejectionReason: row.rejection_reason,
        submittedAt: row.created_at,
        decidedAt: row.decided_at,
        documents: documents.map((doc) => ({ id: doc.id, fileName: doc.file_name, sizeBytes: Number(doc.size_bytes) })),
      }
    : null;
  const isSeller = profile !== undefined && normalizeRole(profile.role) === "seller";
  const isVerified = Number(profile?.is_verified ?? 0) === 1;
  return {
    isSeller,
    isVerified,
    verifiedSince: isVerified ? (profile?.verification_date ?? null) : null,
    latest,
    mayApply: isSeller && !isVerified && latest?.status !== "pending",
  };
}

export interface SubmitVerificationApplication {
  sellerId: string;
  details: VerificationApplicationDetails;
  documents: readonly VerificationDocumentUpload[];
  now?: Date;
}

/**
 * Records a seller's application with its documents (stored before the rows are written; removed again when the
 * rows are refused). Refuses a member who is not a seller, one already verified and one with an application waiting.
 */
export async function submitVerificationApplication(db: Kysely<Database>, uploads: UploadStore, input: SubmitVerificationApplication): Promise<number> {
  const now = input.now ?? new Date();
  if (input.documents.length === 0) throw new DomainError("invalid", M.documentsRequired, { field: "documents" });
  if (input.documents.length > VERIFICATION_MAX_DOCUMENTS) throw new DomainError("invalid", M.tooManyDocuments, { field: "documents" });
  const typed = input.documents.map((doc) => {
    if (doc.bytes.byteLength > VERIFICATION_MAX_DOCUMENT_BYTES) throw new DomainError("invalid", M.documentTooBig, { field: "documents" });
    const type = documentTypeOf(doc.bytes);
    if (!type || doc.bytes.byteLength === 0) throw new DomainError("invalid", M.documentType, { field: "documents" });
    return { ...doc, ...type };
  });
  await assertMayApply(db, input.sellerId);
  const folder = `verification/${input.sellerId}/${crypto.randomUUID()}/`;
  const stored: Array<{ key: string; fileName: string; contentType: string; size: number }> = [];
  try {
    for (const doc of typed) {
      const key = `${folder}${crypto.randomUUID()}.${doc.extension}`;
      await uploads.put(key, doc.bytes, { contentType: doc.contentType, cacheControl: "private, no-store" });
      stored.push({ key, fileName: cleanFileName(doc.name), contentType: doc.contentType, size: doc.bytes.byteLength });
    }
    return await inWriteTransaction(db, async (trx) => {
      await assertMayApply(trx, input.sellerId);
      const created = await trx
        .insertInto("seller_verification_applications")
        .values({
          seller_id: input.sellerId,
          status: "pending",
          company_name: input.details.companyName,
          registration_number: input.details.registrationNumber,
          country: input.details.country,
          address: input.details.address,
          created_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("seller_verification_documents")
        .values(
          stored.map((doc) => ({
            application_id: created.id,
            upload_key: doc.key,
            file_name: doc.fileName,
            content_type: doc.contentType,
            size_bytes: doc.size,
            created_at: now.toISOString(),
          })),
        )
        .execute();
      await recordAuditEvent(
        trx,
        {
          actorUserId: input.sellerId,
          action: VERIFICATION_APPLICATION_AUDIT_ACTIONS.submit,
          subjectType: "user",
          subjectId: input.sellerId,
          detail: JSON.stringify({ application: created.id, documents: stored.length }),
        },
        now,
      );
      return created.id;
    });
  } catch (error) {
    await uploads.deletePrefix(folder).catch(() => undefined);
    throw error;
  }
}

async function assertMayApply(db: Kysely<Database>, sellerId: string): Promise<void> {
  const standing = await verificationStanding(db, sellerId);
  if (!standing.isSeller) throw new DomainError("forbidden", M.onlySellers);
  if (standing.isVerified) throw new DomainError("conflict", M.alreadyVerified);
  if (standing.latest?.status === "pending") throw new DomainError("conflict", M.alreadyPending);
}

export interface VerificationQueueEntry {
  id: number;
  sellerId: string;
  sellerEmail: string;
  sellerName: string;
  companyName: string;
  registrationNumber: string;
  country: string;
  address: string;
  submittedAt: string;
  /** Earlier rejections of this seller's applications, newest first. */
  earlierRejections: Array<{ reason: string | null; decidedAt: string | null }>;
  documents: Array<{ id: number; fileName: string; sizeBytes: number; contentType: string }>;
}

/** The applications waiting for a decision, oldest first, a page at a time. */
export async function listPendingVerificationApplications(
  db: Kysely<Database>,
  page: number,
): Promise<{ applications: VerificationQueueEntry[]; total: number }> {
  const counted = await db
    .selectFrom("seller_verification_applications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  const rows = await db
    .selectFrom("seller_verification_applications as a")
    .innerJoin("users as u", "u.id", "a.seller_id")
    .innerJoin("profiles as p", "p.id", "a.seller_id")
    .select([
      "a.id",
      "a.seller_id",
      "a.company_name",
      "a.registration_number",
      "a.country",
      "a.address",
      "a.created_at",
      "u.email",
      "p.first_name",
      "p.last_name",
    ])
    .where("a.status", "=", "pending")
    .orderBy("a.id")
    .limit(VERIFICATION_QUEUE_PAGE_SIZE)
    .offset((page - 1) * VERIFICATION_QUEUE_PAGE_SIZE)
    .execute();
  const documents = await documentsOf(
    db,
    rows.map((row) => row.id),
  );
  const sellerIds = rows.map((row) => row.seller_id);
  const rejections =
    sellerIds.length === 0
      ? []
      : await db
          .selectFrom("seller_verification_applications")
          .select(["seller_id", "rejection_reason", "decided_at"])
          .where("seller_id", "in", sellerIds)
          .where("status", "=", "rejected")
          .orderBy("id", "desc")
          .execute();
  return {
    total: Number(counted?.n ?? 0),
    applications: rows.map((row) => ({
      id: row.id,
      sellerId: row.seller_id,
      sellerEmail: row.email,
      sellerName: `${row.first_name} ${row.last_name}`.trim() || row.email,
      companyName: row.company_name,
      registrationNumber: row.registration_number,
      country: row.country,
      address: row.address,
      submittedAt: row.created_at,
      earlierRejections: rejections
        .filter((one) => one.seller_id === row.seller_id)
        .map((one) => ({ reason: one.rejection_reason, decidedAt: one.decided_at })),
      documents: documents
        .filter((doc) => doc.application_id === row.id)
        .map((doc) => ({ id: doc.id, fileName: doc.file_name, sizeBytes: Number(doc.size_bytes), contentType: doc.content_type })),
    })),
  };
}

/** How many applications wait for a decision (the console's navigation shows it). */
export async function countPendingVerificationApplications(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("seller_verification_applications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface VerificationDecisionInput {
  actor: { id: string; role: Role };
  applicationId: number;
  decision: "approve" | "reject";
  reason?: string;
  now?: Date;
}

/** Approves (the seller becomes verified) or rejects (with the reason the seller reads) a waiting application. */
export async function decideVerificationApplication(db: Kysely<Database>, input: VerificationDecisionInput): Promise<void> {
  const now = input.now ?? new Date();
  const permissions = await permissionsOfRole(db, input.actor.role);
  if (!permissions.has("can_manage_users") && !permissions.has("can_manage_admins"))
    throw new DomainError("forbidden", "You do not have permission to do this.");
  const reason = input.reason?.trim() ?? "";
  if (input.decision === "reject" && reason.length === 0) throw new DomainError("invalid", M.reasonRequired, { field: "reason" });
  const drafts: NotificationDraft[] = [];
  await inWriteTransaction(
    db,
    async (trx) => {
      const application = await forUpdate(
        trx,
        trx.selectFrom("seller_verification_applications").select(["id", "seller_id", "status", "company_name"]).where("id", "=", input.applicationId),
      ).executeTakeFirst();
      if (!application) throw new DomainError("not_found", M.notFound);
      assertNotAParty("account", input.actor.id, [application.seller_id]);
      if (application.status !== "pending") throw new DomainError("conflict", M.notPending);
      const seller = await trx
        .selectFrom("profiles")
        .innerJoin("users", "users.id", "profiles.id")
        .select(["profiles.is_verified", "profiles.verification_date", "profiles.first_name", "users.email"])
        .where("profiles.id", "=", application.seller_id)
        .executeTakeFirstOrThrow();
      const approve = input.decision === "approve";
      await trx
        .updateTable("seller_verification_applications")
        .set({
          status: approve ? "approved" : "rejected",
          rejection_reason: approve ? null : reason,
          decided_by: input.actor.id,
          decided_at: now.toISOString(),
        })
        .where("id", "=", application.id)
        .execute();
      if (approve) {
        await trx
          .updateTable("profiles")
          .set({ is_verified: 1, verification_date: now.toISOString(), updated_at: now.toISOString() })
          .where("id", "=", application.seller_id)
          .execute();
      }
      await recordAuditEvent(
        trx,
        {
          actorUserId: input.actor.id,
          action: approve ? VERIFICATION_APPLICATION_AUDIT_ACTIONS.approve : VERIFICATION_APPLICATION_AUDIT_ACTIONS.reject,
          subjectType: "user",
          subjectId: application.seller_id,
          detail: JSON.stringify({
            application: application.id,
            before: { status: "pending", verified: Number(seller.is_verified) === 1, since: seller.verification_date },
            after: {
              status: approve ? "approved" : "rejected",
              verified: approve || Number(seller.is_verified) === 1,
              ...(approve ? { since: now.toISOString() } : { reason }),
            },
          }),
        },
        now,
      );
      const title = approve ? "Your seller verification is approved" : "Your seller verification was not approved";
      const message = approve
        ? `${application.company_name} is now a verified seller: the Verified Seller badge shows on your profile and listings.`
        : `Your verification application for ${application.company_name} was not approved: ${reason} You may correct it and apply again.`;
      const draft: NotificationDraft = { userId: application.seller_id, type: "system", title, message, actionUrl: "/profile/verification" };
      drafts.push(draft);
      await insertNotifications(trx, [draft], now);
      const site = getEnv().PUBLIC_URL;
      await queueEmail(trx, [
        { to: seller.email, subject: title, text: `Hello ${seller.first_name || "there"},\n\n${message}\n\n${site}/profile/verification\n\n— Tradebench` },
      ]);
    },
    { decidesOnLockedRows: true },
  );
  announceNotifications(drafts);
}

/** A document for its applicant or for staff holding can_manage_users; not found for anyone else. */
export async function verificationDocumentFor(
  db: Kysely<Database>,
  uploads: UploadStore,
  viewer: { id: string; role: Role },
  documentId: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string; fileName: string }> {
  const row = await db
    .selectFrom("seller_verification_documents as d")
    .innerJoin("seller_verification_applications as a", "a.id", "d.application_id")
    .select(["d.upload_key", "d.content_type", "d.file_name", "a.seller_id"])
    .where("d.id", "=", documentId)
    .executeTakeFirst();
  if (!row) throw new DomainError("not_found", "Document not found");
  if (row.seller_id !== viewer.id) {
    const permissions = await permissionsOfRole(db, viewer.role);
    if (!permissions.has("can_manage_users") && !permissions.has("can_manage_admins")) throw new DomainError("not_found", "Document not found");
  }
  const stored = await uploads.get(row.upload_key);
  if (!stored) throw new DomainError("not_found", "Document not found");
  return { bytes: stored.bytes, contentType: row.content_type, fileName: row.file_name };
}
