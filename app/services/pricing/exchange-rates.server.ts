// The operator's exchange rates and the reference currency prices are compared in (docs/decisions/0062).
// - exchange_rates holds dated rates, each "units of a currency per US dollar", entered on /admin/exchange-rates or
//   imported from a CSV or the ECB's daily XML file that the operator downloaded: nothing is fetched.
// - reference_rates holds, per currency, the factor from its latest rate to the reference currency (REFERENCE_CURRENCY);
//   the database's triggers use it to keep every listing's reference_amount (migration 2026-12-10T0900). This file is
//   the only writer of both tables; a change of a factor rewrites that currency's listings in the same transaction.
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { getEnv } from "~/env.server.ts";
import { CURRENCIES, convertMinorUnits, isCurrency, storedMinorDigits, type Currency } from "~/lib/money.ts";
import { EXCHANGE_RATE_MESSAGES, MAX_RATE_FILE_BYTES, parseRate, parseRateDay } from "~/lib/exchange-rates.ts";
import { DomainError } from "../domain-error.ts";
import { recordAuditEvent } from "../platform/index.server.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** The currency filters, sorts, saved-search rules and comparables are in. */
export function referenceCurrency(): Currency {
  return getEnv().REFERENCE_CURRENCY;
}

export interface ExchangeRateEntry {
  currency: string;
  /** YYYY-MM-DD */
  date: string;
  /** Units of `currency` per US dollar, as decimal text. */
  unitsPerUsd: string;
}

export type ExchangeRateSource = "manual" | "csv" | "ecb";

export interface ExchangeRateRow {
  currency: Currency;
  date: string;
  unitsPerUsd: string;
  source: string;
  recordedAt: string;
  /** Who entered it: the staff member's name (else e-mail); null for the installation's starting rates. */
  recordedBy: string | null;
}

export interface ExchangeRatesView {
  reference: Currency;
  /** The latest rate of each currency (what prices are converted with), in CURRENCIES order; absent: no rate yet. */
  current: Array<ExchangeRateRow & { perReference: number }>;
  /** Currencies with no rate at all: their listings have no reference amount and are left out of price filters. */
  missing: Currency[];
  /** The newest entries, newest first. */
  history: ExchangeRateRow[];
}

const RATE_PATTERN = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,10})?$/;
const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MAX_ENTRIES = 200;

function validDate(text: string): boolean {
  if (!DATE_PATTERN.test(text) || parseRateDay(text) === null) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && Number(text.slice(0, 4)) >= 1999;
}

/** Checks one entry; throws the field's message. */
function checkedEntry(entry: ExchangeRateEntry, today: string): { currency: Currency; date: string; unitsPerUsd: string } {
  const currency = entry.currency.trim().toUpperCase();
  if (!isCurrency(currency)) throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.currency, { field: "currency" });
  const date = entry.date.trim();
  if (!validDate(date)) throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.date, { field: "date" });
  if (date > today) throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.future, { field: "date" });
  const unitsPerUsd = entry.unitsPerUsd.trim();
  if (!RATE_PATTERN.test(unitsPerUsd) || parseRate(unitsPerUsd) === null)
    throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.rate, { field: "unitsPerUsd" });
  if (currency === "USD" && Number(unitsPerUsd) !== 1) throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.usd, { field: "unitsPerUsd" });
  return { currency, date, unitsPerUsd };
}

/**
 * Records rates (a day's entry replaces that currency's entry of the same day, so importing a file twice changes
 * nothing), audits each change, and applies the latest rates to the listings: all in one transaction.
 */
export async function recordExchangeRates(
  db: Kysely<Database>,
  actorUserId: string,
  entries: readonly ExchangeRateEntry[],
  source: ExchangeRateSource,
  now: Date = new Date(),
): Promise<{ recorded: number; unchanged: number }> {
  if (entries.length === 0) throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.empty);
  if (entries.length > MAX_ENTRIES) throw new DomainError("too_large", EXCHANGE_RATE_MESSAGES.tooMany);
  const today = now.toISOString().slice(0, 10);
  const checked = entries.map((entry, index) => {
    try {
      return checkedEntry(entry, today);
    } catch (error) {
      // From a file, the message says which rate it is about (the CSV's rows counted after its header).
      if (source === "manual" || !(error instanceof DomainError)) throw error;
      const where = source === "csv" ? `Row ${index + 1}` : `Rate ${index + 1}`;
      throw new DomainError(error.kind, `${where} (${entry.currency.slice(0, 10)} ${entry.date.slice(0, 10)}): ${error.message}`, { field: "file" });
    }
  });
  return db.transaction().execute(async (trx) => {
    let recorded = 0;
    let unchanged = 0;
    for (const entry of checked) {
      const before = await trx
        .selectFrom("exchange_rates")
        .select(["id", "units_per_usd"])
        .where("currency", "=", entry.currency)
        .where("rate_date", "=", entry.date)
        .executeTakeFirst();
      if (before && Number(before.units_per_usd) === Number(entry.unitsPerUsd)) {
        unchanged += 1;
        continue;
      }
      if (before) {
        await trx
          .updateTable("exchange_rates")
          .set({ units_per_usd: entry.unitsPerUsd, source, recorded_by: actorUserId, created_at: now.toISOString() })
          .where("id", "=", before.id)
          .execute();
      } else {
        await trx
          .insertInto("exchange_rates")
          .values({
            currency: entry.currency,
            rate_date: entry.date,
            units_per_usd: entry.unitsPerUsd,
            source,
            recorded_by: actorUserId,
            created_at: now.toISOString(),
          })
          .execute();
      }
      await recordAuditEvent(
        trx,
        {
          actorUserId,
          action: "exchange_rate.record",
          subjectType: "exchange_rate",
          subjectId: `${entry.currency} ${entry.date}`,
          detail: JSON.stringify({ source, before: before?.units_per_usd ?? null, after: entry.unitsPerUsd }),
        },
        now,
      );
      recorded += 1;
    }
    if (recorded > 0) await applyReferenceRates(trx);
    return { recorded, unchanged };
  });
}

/** Rows of exchange_rates with the name of who entered them. */
function rateRows(db: Db) {
  return db
    .selectFrom("exchange_rates")
    .leftJoin("profiles", "profiles.id", "exchange_rates.recorded_by")
    .select([
      "exchange_rates.id",
      "exchange_rates.currency",
      "exchange_rates.rate_date",
      "exchange_rates.units_per_usd",
      "exchange_rates.source",
      "exchange_rates.created_at",
      "exchange_rates.recorded_by",
      "profiles.first_name",
      "profiles.last_name",
      "profiles.email",
    ]);
}

type RateRow = Awaited<ReturnType<ReturnType<typeof rateRows>["execute"]>>[number];

function toRateRow(row: RateRow, currency: Currency): ExchangeRateRow {
  const name = `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || row.email || null;
  return {
    currency,
    date: row.rate_date,
    unitsPerUsd: row.units_per_usd,
    source: row.source,
    recordedAt: row.created_at,
    recordedBy: row.recorded_by === null ? null : (name ?? "A former staff member"),
  };
}

/** The latest rate of each currency that has one. */
async function latestRates(db: Db): Promise<Map<Currency, ExchangeRateRow>> {
  const rows = await rateRows(db).orderBy("exchange_rates.rate_date", "desc").orderBy("exchange_rates.id", "desc").execute();
  const latest = new Map<Currency, ExchangeRateRow>();
  for (const row of rows) {
    if (!isCurrency(row.currency) || latest.has(row.currency)) continue;
    latest.set(row.currency, toRateRow(row, row.currency));
  }
  return latest;
}

/**
 * The factor of each currency to the reference: minor units of the reference per minor unit of the currency, from
 * the latest rates. A currency without a rate (or every currency, when the reference has none) has no factor.
 */
export function referenceFactors(latest: ReadonlyMap<Currency, { unitsPerUsd: string }>, reference: Currency): Map<Currency, number> {
  const factors = new Map<Currency, number>();
  const referencePerUsd = latest.get(reference);
  if (!referencePerUsd) return factors;
  for (const [currency, rate] of latest) {
    const major = Number(referencePerUsd.unitsPerUsd) / Number(rate.unitsPerUsd);
    factors.set(currency, currency === reference ? 1 : major * 10 ** (storedMinorDigits(reference) - storedMinorDigits(currency)));
  }
  return factors;
}

/**
 * Writes reference_rates from the latest rates for the reference currency and rewrites the reference amount of the
 * listings of each currency whose factor changed (the triggers compute it). Run after rates change and at the server's
 * start (REFERENCE_CURRENCY may have changed); a no-op when nothing did. Says which currencies it rewrote.
 */
export async function applyReferenceRates(db: Db, reference: Currency = referenceCurrency()): Promise<Currency[]> {
  const latest = await latestRates(db);
  const factors = referenceFactors(latest, reference);
  const stored = await db.selectFrom("reference_rates").selectAll().execute();
  const storedBy = new Map(stored.map((row) => [row.currency, row]));
  const changed: Currency[] = [];
  for (const currency of CURRENCIES) {
    const factor = factors.get(currency);
    const old = storedBy.get(currency);
    const date = latest.get(currency)?.date ?? "";
    if (factor === undefined) {
      if (old) {
        await db.deleteFrom("reference_rates").where("currency", "=", currency).execute();
        changed.push(currency);
      }
      continue;
    }
    if (old && old.factor === factor && old.reference_currency === reference) {
      if (old.rate_date !== date) await db.updateTable("reference_rates").set({ rate_date: date }).where("currency", "=", currency).execute();
      continue;
    }
    if (old) await db.updateTable("reference_rates").set({ factor, reference_currency: reference, rate_date: date }).where("currency", "=", currency).execute();
    else await db.insertInto("reference_rates").values({ currency, factor, reference_currency: reference, rate_date: date }).execute();
    changed.push(currency);
  }
  // The listing triggers recompute reference_amount when currency is written, even to the same value; naming
  // reference_amount in the update too makes the search rows' copy and the search version follow on PostgreSQL, whose
  // triggers fire on the columns an update names.
  for (const currency of changed) {
    await db
      .updateTable("equipment_listings")
      .set((eb) => ({ currency: eb.ref("currency"), reference_amount: null }))
      .where("currency", "=", currency)
      .execute();
  }
  return changed;
}

/** The rates page: current rates, currencies without one, and the newest entries. */
export async function listExchangeRates(db: Db, historyLimit = 50): Promise<ExchangeRatesView> {
  const reference = referenceCurrency();
  const latest = await latestRates(db);
  const factors = referenceFactors(latest, reference);
  const current = CURRENCIES.flatMap((currency) => {
    const rate = latest.get(currency);
    const referenceRate = latest.get(reference);
    if (!rate || !referenceRate) return [];
    return [{ ...rate, perReference: Number(rate.unitsPerUsd) / Number(referenceRate.unitsPerUsd) }];
  });
  const history = await rateRows(db).orderBy("exchange_rates.created_at", "desc").orderBy("exchange_rates.id", "desc").limit(historyLimit).execute();
  return {
    reference,
    current,
    missing: CURRENCIES.filter((currency) => !factors.has(currency)),
    history: history.flatMap((row) => (isCurrency(row.currency) ? [toRateRow(row, row.currency)] : [])),
  };
}

/** The factors in force (reference_rates), for converting amounts outside SQL: currency → factor. */
export async function currentReferenceFactors(db: Db): Promise<{ reference: Currency; factors: Map<string, number>; ratesOf: string | null }> {
  const rows = await db.selectFrom("reference_rates").select(["currency", "factor", "rate_date"]).execute();
  const ratesOf = rows.reduce<string | null>((newest, row) => (newest === null || row.rate_date > newest ? row.rate_date : newest), null);
  return { reference: referenceCurrency(), factors: new Map(rows.map((row) => [row.currency, Number(row.factor)])), ratesOf };
}

/** An amount in minor units of `currency`, in minor units of the reference currency (null: no rate for it). */
export function toReferenceAmount(factors: ReadonlyMap<string, number>, amount: number, currency: string): number | null {
  const factor = factors.get(currency);
  return factor === undefined ? null : convertMinorUnits(amount, factor);
}

// ── Files the operator downloaded ──

/** A CSV of `currency,date,units_per_usd` lines (a header first; commas or semicolons). */
export function parseExchangeRateCsv(text: string): ExchangeRateEntry[] {
  if (Buffer.byteLength(text, "utf8") > MAX_RATE_FILE_BYTES) throw new DomainError("too_large", EXCHANGE_RATE_MESSAGES.tooLarge, { field: "file" });
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const split = (line: string) => line.split(/[,;]/).map((cell) => cell.trim().replace(/^"(.*)"$/, "$1"));
  const header = split(lines[0] ?? "").map((cell) => cell.toLowerCase());
  if (header.join(",") !== "currency,date,units_per_usd") throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.csvHeader, { field: "file" });
  if (lines.length - 1 > MAX_ENTRIES) throw new DomainError("too_large", EXCHANGE_RATE_MESSAGES.tooMany, { field: "file" });
  const entries = lines.slice(1).map((line) => {
    const [currency = "", date = "", unitsPerUsd = ""] = split(line);
    return { currency, date, unitsPerUsd };
  });
  if (entries.length === 0) throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.empty, { field: "file" });
  return entries;
}

/**
 * The ECB's daily reference rates (eurofxref-daily.xml: `<Cube time="…">` holding `<Cube currency="USD" rate="…"/>`,
 * each "units per euro"), as units per US dollar for the currencies the marketplace uses. Read with two bounded
 * patterns over a file of at most MAX_RATE_FILE_BYTES: no XML parser, no entity expansion.
 */
export function parseEcbDailyXml(text: string): ExchangeRateEntry[] {
  if (Buffer.byteLength(text, "utf8") > MAX_RATE_FILE_BYTES) throw new DomainError("too_large", EXCHANGE_RATE_MESSAGES.tooLarge, { field: "file" });
  const time = /<Cube\s+time=["'](\d{4}-\d{2}-\d{2})["']\s*>/.exec(text)?.[1];
  if (!time || !text.includes("eurofxref")) throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.ecb, { field: "file" });
  const perEuro = new Map<string, string>([["EUR", "1"]]);
  for (const match of text.matchAll(/<Cube\s+currency=["']([A-Z]{3})["']\s+rate=["'](\d{1,9}(?:\.\d{1,10})?)["']\s*\/>/g)) {
    perEuro.set(match[1]!, match[2]!);
  }
  const usdPerEuro = perEuro.get("USD");
  if (!usdPerEuro) throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.ecb, { field: "file" });
  const entries = CURRENCIES.flatMap((currency): ExchangeRateEntry[] => {
    const rate = perEuro.get(currency);
    if (!rate) return [];
    const perUsd = currency === "USD" ? 1 : Number(rate) / Number(usdPerEuro);
    return [{ currency, date: time, unitsPerUsd: decimalText(perUsd) }];
  });
  if (entries.length <= 1) throw new DomainError("invalid", EXCHANGE_RATE_MESSAGES.empty, { field: "file" });
  return entries;
}

/** A quotient as decimal text of 10 significant digits, at most 10 decimals: 0.9345794393, 158.0560748. */
function decimalText(value: number): string {
  const fixed = Number(value.toPrecision(10)).toFixed(10);
  return fixed.replace(/\.?0+$/, "");
}
