// Tiered bid increments and a cap on soft close (issue 32 §3, docs/decisions/0063):
// - `bid_increment_fixed`: 1 when the seller fixed the increment (`bid_increment_cents`), 0 when it follows the tiered
//   table of app/lib/bidding.ts. Auctions that already have bids keep the fixed increment their bidders saw; live ones
//   without bids on the old default ($10) move to the table.
// - `extensions_end_at`: soft close moves the end no later than this. Live auctions get their current end plus 60
//   minutes (their original end is not recorded); ended and cancelled ones keep null.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await db.schema
    .alterTable("auctions")
    .addColumn("bid_increment_fixed", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("auctions").addColumn("extensions_end_at", "text").execute();

  await sql`
    update auctions set bid_increment_fixed = 1
    where not (status in ('upcoming', 'active') and bid_count = 0 and bid_increment_cents = 1000)
  `.execute(db);

  const capped =
    dialect.name === "postgres"
      ? sql`to_char((end_date::timestamptz + interval '60 minutes') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', end_date, '+60 minutes')`;
  await sql`update auctions set extensions_end_at = ${capped} where status in ('upcoming', 'active')`.execute(db);
}
