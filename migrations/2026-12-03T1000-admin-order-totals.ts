// The admin dashboard's sales figures without reading every order (issue 19 §2 and its benchmark; the companion of
// 2026-12-03T1000-admin-dashboard-counts): order_totals_by_month (month "YYYY-MM" of created_at, status) holds the
// number of orders and the sums of their amounts and fees, kept in step by triggers on orders (insert, delete, and an
// update of status, amounts or created_at). Total Sales, sales by month and the sales page's totals read at most a few
// hundred rows. Filled from the orders already there.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
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
      .raw(`create trigger order_totals_track after insert or delete or update of status, amount_cents, fee_cents, created_at on orders
            for each row execute function order_totals_track()`)
      .execute(db);
  }

  await sql`insert into order_totals_by_month (month, status, orders, amount_cents, fee_cents)
            select substr(created_at, 1, 7), status, count(*), sum(amount_cents), sum(fee_cents) from orders
            group by substr(created_at, 1, 7), status`.execute(db);
}
