// The admin dashboard's figures without scanning (issue 19 §2 and its benchmark, docs/decisions — admin dashboard):
// - listing_counts_by_month (month "YYYY-MM" of created_at, status) and listing_counts_by_category (category_id,
//   status): how many listings there are, kept in step by triggers on equipment_listings (insert, delete, and an
//   update of status, category_id or created_at). The dashboard's Total Listings, Category Distribution and listings
//   growth read a few hundred rows instead of a million listings.
// - profile_counts_by_month (month of created_at): members joining each month, kept by triggers on profiles.
// - order_totals_by_month (month of created_at, status): orders, and the sums of their amounts and fees, kept by
//   triggers on orders (insert, delete, and an update of status, amounts or created_at): Total Sales, sales by month
//   and the sales page's totals read a few hundred rows.
// - orders (created_at, status, amount_cents, fee_cents): the newest sales are read walking this index.
// - listing_views (viewed_at): views by month for the conversion figure of /admin/reports.
// - email_outbox (status, created_at): the system status counts queued and failed e-mails without reading the outbox.
// Each table is filled from the rows already there when the migration runs.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const m = dialect.prepare(db);
  await m.schema
    .createTable("listing_counts_by_month")
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("listings", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("listing_counts_by_month_pk", ["month", "status"])
    .execute();
  await m.schema
    .createTable("listing_counts_by_category")
    .addColumn("category_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("listings", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("listing_counts_by_category_pk", ["category_id", "status"])
    .execute();
  await m.schema
    .createTable("profile_counts_by_month")
    .addColumn("month", "text", (c) => c.primaryKey())
    .addColumn("profiles", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  if (dialect.name === "sqlite") {
    const bump = (table: string, keys: string, values: string, column: string, delta: string) =>
      `insert into ${table} (${keys}, ${column}) values (${values}, ${delta})
         on conflict (${keys}) do update set ${column} = ${column} + excluded.${column};`;
    const listingIn = (row: "new" | "old", delta: string) =>
      bump("listing_counts_by_month", "month, status", `substr(${row}.created_at, 1, 7), ${row}.status`, "listings", delta) +
      bump("listing_counts_by_category", "category_id, status", `${row}.category_id, ${row}.status`, "listings", delta);
    await sql.raw(`create trigger listing_counts_ai after insert on equipment_listings begin ${listingIn("new", "1")} end`).execute(db);
    await sql.raw(`create trigger listing_counts_ad after delete on equipment_listings begin ${listingIn("old", "-1")} end`).execute(db);
    await sql
      .raw(
        `create trigger listing_counts_au after update of status, category_id, created_at on equipment_listings
         when old.status is not new.status or old.category_id is not new.category_id or substr(old.created_at, 1, 7) is not substr(new.created_at, 1, 7)
         begin ${listingIn("old", "-1")} ${listingIn("new", "1")} end`,
      )
      .execute(db);
    const profileIn = (row: "new" | "old", delta: string) => bump("profile_counts_by_month", "month", `substr(${row}.created_at, 1, 7)`, "profiles", delta);
    await sql.raw(`create trigger profile_counts_ai after insert on profiles begin ${profileIn("new", "1")} end`).execute(db);
    await sql.raw(`create trigger profile_counts_ad after delete on profiles begin ${profileIn("old", "-1")} end`).execute(db);
    await sql
      .raw(
        `create trigger profile_counts_au after update of created_at on profiles when substr(old.created_at, 1, 7) is not substr(new.created_at, 1, 7)
         begin ${profileIn("old", "-1")} ${profileIn("new", "1")} end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create function listing_counts_bump(p_month text, p_category text, p_status text, p_delta integer) returns void language plpgsql as $$
         begin
           insert into listing_counts_by_month (month, status, listings) values (p_month, p_status, p_delta)
             on conflict (month, status) do update set listings = listing_counts_by_month.listings + excluded.listings;
           insert into listing_counts_by_category (category_id, status, listings) values (p_category, p_status, p_delta)
             on conflict (category_id, status) do update set listings = listing_counts_by_category.listings + excluded.listings;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function listing_counts_track() returns trigger language plpgsql as $$
         begin
           if tg_op = 'INSERT' then
             perform listing_counts_bump(substr(new.created_at, 1, 7), new.category_id, new.status, 1);
           elsif tg_op = 'DELETE' then
             perform listing_counts_bump(substr(old.created_at, 1, 7), old.category_id, old.status, -1);
           elsif old.status is distinct from new.status or old.category_id is distinct from new.category_id
                 or substr(old.created_at, 1, 7) is distinct from substr(new.created_at, 1, 7) then
             perform listing_counts_bump(substr(old.created_at, 1, 7), old.category_id, old.status, -1);
             perform listing_counts_bump(substr(new.created_at, 1, 7), new.category_id, new.status, 1);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger listing_counts_track after insert or delete or update of status, category_id, created_at on equipment_listings
            for each row execute function listing_counts_track()`,
      )
      .execute(db);
    await sql
      .raw(
        `create function profile_counts_track() returns trigger language plpgsql as $$
         begin
           if tg_op in ('DELETE', 'UPDATE') then
             insert into profile_counts_by_month (month, profiles) values (substr(old.created_at, 1, 7), -1)
               on conflict (month) do update set profiles = profile_counts_by_month.profiles - 1;
           end if;
           if tg_op in ('INSERT', 'UPDATE') then
             insert into profile_counts_by_month (month, profiles) values (substr(new.created_at, 1, 7), 1)
               on conflict (month) do update set profiles = profile_counts_by_month.profiles + 1;
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger profile_counts_track after insert or delete or update of created_at on profiles
            for each row execute function profile_counts_track()`,
      )
      .execute(db);
  }

  await sql`insert into listing_counts_by_month (month, status, listings)
            select substr(created_at, 1, 7), status, count(*) from equipment_listings group by substr(created_at, 1, 7), status`.execute(db);
  await sql`insert into listing_counts_by_category (category_id, status, listings)
            select category_id, status, count(*) from equipment_listings group by category_id, status`.execute(db);
  await sql`insert into profile_counts_by_month (month, profiles)
            select substr(created_at, 1, 7), count(*) from profiles group by substr(created_at, 1, 7)`.execute(db);

  await m.schema.createIndex("orders_created_status_amounts").on("orders").columns(["created_at", "status", "amount_cents", "fee_cents"]).execute();
  await m.schema.createIndex("listing_views_viewed").on("listing_views").columns(["viewed_at"]).execute();
  await m.schema.createIndex("email_outbox_status_created").on("email_outbox").columns(["status", "created_at"]).execute();

  // Orders by month and status (the sales figures).
  await dialect
    .prepare(db)
    .schema.createTable("order_totals_by_month")
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("orders", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("fee_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("order_totals_by_month_pk", ["month", "status"])
    .execute();

  if (dialect.name === "sqlite") {
    const bump = (row: "new" | "old", sign: "+" | "-") =>
      `insert into order_totals_by_month (month, status, orders, amount_cents, fee_cents)
         values (substr(${row}.created_at, 1, 7), ${row}.status, ${sign}1, ${sign}${row}.amount_cents, ${sign}${row}.fee_cents)
         on conflict (month, status) do update set orders = orders + excluded.orders,
           amount_cents = amount_cents + excluded.amount_cents, fee_cents = fee_cents + excluded.fee_cents;`;
    await sql.raw(`create trigger order_totals_ai after insert on orders begin ${bump("new", "+")} end`).execute(db);
    await sql.raw(`create trigger order_totals_ad after delete on orders begin ${bump("old", "-")} end`).execute(db);
    await sql
      .raw(
        `create trigger order_totals_au after update of status, amount_cents, fee_cents, created_at on orders
         when old.status is not new.status or old.amount_cents is not new.amount_cents or old.fee_cents is not new.fee_cents
           or substr(old.created_at, 1, 7) is not substr(new.created_at, 1, 7)
         begin ${bump("old", "-")} ${bump("new", "+")} end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create function order_totals_bump(p_month text, p_status text, p_sign integer, p_amount bigint, p_fee bigint) returns void language plpgsql as $$
         begin
           insert into order_totals_by_month (month, status, orders, amount_cents, fee_cents) values (p_month, p_status, p_sign, p_sign * p_amount, p_sign * p_fee)
             on conflict (month, status) do update set orders = order_totals_by_month.orders + excluded.orders,
               amount_cents = order_totals_by_month.amount_cents + excluded.amount_cents, fee_cents = order_totals_by_month.fee_cents + excluded.fee_cents;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function order_totals_track() returns trigger language plpgsql as $$
         begin
           if tg_op = 'INSERT' then
             perform order_totals_bump(substr(new.created_at, 1, 7), new.status, 1, new.amount_cents, new.fee_cents);
           elsif tg_op = 'DELETE' then
             perform order_totals_bump(substr(old.created_at, 1, 7), old.status, -1, old.amount_cents, old.fee_cents);
           elsif old.status is distinct from new.status or old.amount_cents is distinct from new.amount_cents
                 or old.fee_cents is distinct from new.fee_cents or substr(old.created_at, 1, 7) is distinct from substr(new.created_at, 1, 7) then
             perform order_totals_bump(substr(old.created_at, 1, 7), old.status, -1, old.amount_cents, old.fee_cents);
             perform order_totals_bump(substr(new.created_at, 1, 7), new.status, 1, new.amount_cents, new.fee_cents);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger order_totals_track after insert or delete or update of status, amount_cents, fee_cents, created_at on orders
            for each row execute function order_totals_track()`,
      )
      .execute(db);
  }

  await sql`insert into order_totals_by_month (month, status, orders, amount_cents, fee_cents)
            select substr(created_at, 1, 7), status, count(*), sum(amount_cents), sum(fee_cents) from orders
            group by substr(created_at, 1, 7), status`.execute(db);
}
