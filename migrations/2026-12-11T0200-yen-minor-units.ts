// Amounts in each currency's own minor unit (issue 32 §2; docs/decisions/0070). Until now every amount was stored in
// hundredths of its currency's unit, the yen's included (¥1,500 was 150000); from here on an amount is stored in the
// ISO 4217 minor unit of its row's currency, and the yen has none (¥1,500 is 1500). This migration moves every stored
// yen amount from hundredths to whole yen, rounded half up (a positive amount never becomes 0):
// - equipment_listings (currency JPY): price_cents, buy_now_price_cents, auto_accept_cents, auto_decline_cents;
// - auctions (currency JPY): starting, reserve, current, bid increment and buy-now prices; their bids' amounts and maxima;
// - offers, orders (amount and fee) and platform_fees of currency JPY; the orders' update triggers keep
//   order_totals_by_month and order_totals_by_currency in step by themselves;
// - reference_rates: the yen's factor (minor units of the reference per minor unit) is 100 times what it was; when the
//   reference currency is the yen, every other factor is a hundredth of what it was, and saved searches' price bounds
//   (kept in reference minor units) move to whole yen too. Listings' reference amounts follow through their triggers.
// Both engines run the same statements: integer division truncates on both, so (x + 50) / 100 rounds half up alike.
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

const YEN = "JPY";

/** Hundredths of a yen to whole yen, half up; a positive amount stays at least ¥1; null stays null. */
function toWholeYen(column: string): string {
  return `case when ${column} is null then null when ${column} > 0 and (${column} + 50) / 100 = 0 then 1 else (${column} + 50) / 100 end`;
}

function assignments(columns: readonly string[]): string {
  return columns.map((column) => `${column} = ${toWholeYen(column)}`).join(", ");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  void dialect;
  const referenceRow = await sql<{ reference_currency: string }>`select reference_currency from reference_rates limit 1`.execute(db);
  const referenceIsYen = referenceRow.rows[0]?.reference_currency === YEN;

  // The factors first, so that the listings' triggers below compute reference amounts with the new ones.
  if (referenceIsYen) {
    await sql`update reference_rates set factor = factor / 100 where currency <> ${YEN}`.execute(db);
  } else {
    await sql`update reference_rates set factor = factor * 100 where currency = ${YEN}`.execute(db);
  }

  await sql
    .raw(
      `update bids set ${assignments(["amount_cents", "max_amount_cents"])}
        where auction_id in (select id from auctions where currency = '${YEN}')`,
    )
    .execute(db);
  await sql
    .raw(
      `update auctions set ${assignments(["starting_price_cents", "reserve_price_cents", "current_price_cents", "bid_increment_cents", "buy_now_price_cents"])}
        where currency = '${YEN}'`,
    )
    .execute(db);
  await sql
    .raw(
      `update equipment_listings set ${assignments(["price_cents", "buy_now_price_cents", "auto_accept_cents", "auto_decline_cents"])}
        where currency = '${YEN}'`,
    )
    .execute(db);
  await sql.raw(`update offers set ${assignments(["amount_cents"])} where currency = '${YEN}'`).execute(db);
  await sql.raw(`update orders set ${assignments(["amount_cents", "fee_cents"])} where currency = '${YEN}'`).execute(db);
  await sql.raw(`update platform_fees set ${assignments(["amount_cents"])} where currency = '${YEN}'`).execute(db);

  if (referenceIsYen) {
    await sql.raw(`update saved_searches set ${assignments(["alert_min_cents", "alert_max_cents"])}`).execute(db);
    // Every listing's reference amount is in yen: the triggers recompute it when currency is written.
    await sql`update equipment_listings set currency = currency, reference_amount = null`.execute(db);
  }
}
