// The member's display currency (docs/decisions/0069): the currency "≈" amounts beside listing prices
// are shown in, chosen on /profile; null goes back to the browser's language. Prices themselves, checkout and orders
// stay in the listing's currency.
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { isCurrency } from "~/lib/money.ts";
import { DISPLAY_CURRENCY_MESSAGES } from "~/lib/display-currency.ts";
import { DomainError } from "../domain-error.ts";

export async function setDisplayCurrency(db: Kysely<Database>, userId: string, currency: string | null): Promise<void> {
  if (currency !== null && !isCurrency(currency)) throw new DomainError("invalid", DISPLAY_CURRENCY_MESSAGES.unknown, { field: "currency" });
  await db.updateTable("profiles").set({ display_currency: currency, updated_at: new Date().toISOString() }).where("id", "=", userId).execute();
}
