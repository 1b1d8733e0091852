// The currency a member reads "≈" amounts in (issue 32 §2; docs/decisions/0069): chosen on /profile, null for "from
// my browser's language" (the default, as for visitors). One of the marketplace's currencies or null.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen against Kysely<any>
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("profiles")
    .addColumn("display_currency", "text", (c) => c.check(sql`display_currency is null or display_currency in ('USD', 'EUR', 'GBP', 'JPY', 'CAD', 'AUD')`))
    .execute();
}
