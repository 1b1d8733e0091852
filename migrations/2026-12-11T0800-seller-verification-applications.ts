// Seller verification applications (issue 33): a seller applies with the company's registration and address and
// documents (kept in the upload store under `verification/{application}/`, never served publicly); staff holding
// can_manage_users approve or reject with a reason, and approval is what makes a seller verified. Existing verified
// sellers keep their mark: profiles.is_verified and verification_date are left as they are, and each of them gets an
// approved application recording that the mark predates applications (so the queue's history is complete).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .createTable("seller_verification_applications")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("seller_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("registration_number", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("rejection_reason", "text")
    .addColumn("decided_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("verification_applications_seller").on("seller_verification_applications").columns(["seller_id", "id"]).execute();
  await db.schema.createIndex("verification_applications_status").on("seller_verification_applications").columns(["status", "id"]).execute();
  // At most one application waiting per seller.
  await db.schema
    .createIndex("verification_applications_one_pending")
    .unique()
    .on("seller_verification_applications")
    .column("seller_id")
    .where(sql<boolean>`status = 'pending'`)
    .execute();
  await db.schema
    .createTable("seller_verification_documents")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("application_id", "integer", (c) => c.notNull().references("seller_verification_applications.id").onDelete("cascade"))
    .addColumn("upload_key", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size_bytes", "integer", (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .execute();
  await db.schema.createIndex("verification_documents_application").on("seller_verification_documents").columns(["application_id", "id"]).execute();
  // The sellers verified before applications existed keep their mark, recorded as an approved application.
  await sql`
    insert into seller_verification_applications (seller_id, status, company_name, registration_number, country, address, decided_at, created_at)
    select id, 'approved', coalesce(nullif(company_name, ''), '—'), '—', coalesce(nullif(country, ''), '—'),
           '(verified before verification applications)', coalesce(verification_date, updated_at, created_at), coalesce(verification_date, updated_at, created_at)
    from profiles where is_verified = 1
  `.execute(db);
}
