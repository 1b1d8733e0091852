// Money totals per currency (issue 33 "Money totals mix currencies"; docs/decisions/0062): order_totals_by_month
// (migration 2026-12-03T1000) adds every order's amount whatever its currency, so the admin pages added C$3,550 as
// US$3,550. order_totals_by_currency keeps the same counts by (month, status, currency), by triggers on orders on
// both engines (insert, delete, and an update of status, amounts, currency or created_at), filled from the orders
// already there. The admin pages show each currency's total, and a total converted through the exchange-rate table,
// labelled so.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  await dialect
    .prepare(db)
    .schema.createTable("order_totals_by_currency")
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("orders", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amount_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("fee_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("order_totals_by_currency_pk", ["month", "status", "currency"])
    .execute();

  if (dialect.name === "sqlite") {
    const bump = (row: "new" | "old", sign: "+" | "-") =>
      `insert into order_totals_by_currency (month, status, currency, orders, amount_cents, fee_cents)
         values (substr(${row}.created_at, 1, 7), ${row}.status, ${row}.currency, ${sign}1, ${sign}${row}.amount_cents, ${sign}${row}.fee_cents)
         on conflict (month, status, currency) do update set orders = orders + excluded.orders,
           amount_cents = amount_cents + excluded.amount_cents, fee_cents = fee_cents + excluded.fee_cents;`;
    await sql.raw(`create trigger order_currency_totals_ai after insert on orders begin ${bump("new", "+")} end`).execute(db);
    await sql.raw(`create trigger order_currency_totals_ad after delete on orders begin ${bump("old", "-")} end`).execute(db);
    await sql
      .raw(
        `create trigger order_currency_totals_au after update of status, amount_cents, fee_cents, currency, created_at on orders
         when old.status is not new.status or old.amount_cents is not new.amount_cents or old.fee_cents is not new.fee_cents
           or old.currency is not new.currency or substr(old.created_at, 1, 7) is not substr(new.created_at, 1, 7)
         begin ${bump("old", "-")} ${bump("new", "+")} end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create function order_currency_totals_bump(p_month text, p_status text, p_currency text, p_sign integer, p_amount bigint, p_fee bigint)
         returns void language plpgsql as $$
         begin
           insert into order_totals_by_currency (month, status, currency, orders, amount_cents, fee_cents)
             values (p_month, p_status, p_currency, p_sign, p_sign * p_amount, p_sign * p_fee)
             on conflict (month, status, currency) do update set orders = order_totals_by_currency.orders + excluded.orders,
               amount_cents = order_totals_by_currency.amount_cents + excluded.amount_cents,
               fee_cents = order_totals_by_currency.fee_cents + excluded.fee_cents;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function order_currency_totals_track() returns trigger language plpgsql as $$
         begin
           if tg_op = 'INSERT' then
             perform order_currency_totals_bump(substr(new.created_at, 1, 7), new.status, new.currency, 1, new.amount_cents, new.fee_cents);
           elsif tg_op = 'DELETE' then
             perform order_currency_totals_bump(substr(old.created_at, 1, 7), old.status, old.currency, -1, old.amount_cents, old.fee_cents);
           elsif old.status is distinct from new.status or old.amount_cents is distinct from new.amount_cents
                 or old.fee_cents is distinct from new.fee_cents or old.currency is distinct from new.currency
                 or substr(old.created_at, 1, 7) is distinct from substr(new.created_at, 1, 7) then
             perform order_currency_totals_bump(substr(old.created_at, 1, 7), old.status, old.currency, -1, old.amount_cents, old.fee_cents);
             perform order_currency_totals_bump(substr(new.created_at, 1, 7), new.status, new.currency, 1, new.amount_cents, new.fee_cents);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger order_currency_totals_track after insert or delete or update of status, amount_cents, fee_cents, currency, created_at on orders
            for each row execute function order_currency_totals_track()`,
      )
      .execute(db);
  }

  await sql`insert into order_totals_by_currency (month, status, currency, orders, amount_cents, fee_cents)
            select substr(created_at, 1, 7), status, currency, count(*), sum(amount_cents), sum(fee_cents) from orders
            group by substr(created_at, 1, 7), status, currency`.execute(db);
}
