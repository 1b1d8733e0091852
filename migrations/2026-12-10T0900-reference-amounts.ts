// Prices compared in one currency (issue 32 §2, issue 33; docs/decisions/0062), both engines:
// - exchange_rates: the operator's dated rates, each "how many units of `currency` one US dollar buys" on `rate_date`
//   (one row per currency and day: a second entry or import of the same day replaces it). Seeded here with starting
//   rates (source 'initial') so that every listing has a reference amount from the first start; the operator replaces
//   them on /admin/exchange-rates. Nothing is ever fetched.
// - reference_rates: per currency, the factor that turns its minor units into minor units of the reference currency
//   (REFERENCE_CURRENCY, default USD), from its latest rate. Written only by app/services/pricing/exchange-rates.server.ts
//   (and here, for USD as the reference; the server's start rewrites it when REFERENCE_CURRENCY differs).
// - equipment_listings.reference_amount: the price a buyer pays now, converted: the current price of the listing's
//   upcoming or live auction (its current bid, else its starting price), else the listing's price; times its
//   currency's factor, rounded half up. Kept by triggers, so every path that writes a price, a bid or an auction's
//   state (services, seeds, scripts, benchmarks) keeps it current with no call of its own: after an insert (unless the
//   insert gives it), an update of price_cents or currency, and an insert of an auction or an update of its current
//   price or state. A rate change rewrites the listings of that currency (`set currency = currency`).
// - Every index that filtered or sorted on price_cents is rebuilt under its name on reference_amount (PostgreSQL's walked
//   ones still end with id: decision 0058); the search rows of both engines carry it, their triggers copy it, and an
//   update of it changes the search version (the result caches key on it).
// Frozen once shipped: never edit after it has landed; add a new migration instead.
import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "../db/dialect.ts";

/** Starting rates: units of each currency per US dollar (replace them with the day's on /admin/exchange-rates). */
const STARTING_RATES: ReadonlyArray<readonly [string, string]> = [
  ["USD", "1"],
  ["EUR", "0.92"],
  ["GBP", "0.79"],
  ["JPY", "150"],
  ["CAD", "1.36"],
  ["AUD", "1.52"],
];
const STARTING_DATE = "2026-12-01";

/** The indexes that held price_cents, with their columns (P: the price column). PostgreSQL's walked ones add id. */
const P = "reference_amount";
const PRICE_INDEXES: ReadonlyArray<readonly [string, readonly string[], boolean]> = [
  // [name, columns, PostgreSQL ends it with id (migration 2026-12-08T0900)]
  ["listings_status_condition_price", ["status", "condition", P], true],
  ["listings_brand_status_price", ["brand_key", "status", P], true],
  ["listings_category_status_price", ["category_id", "status", P], true],
  ["listings_category_condition_price", ["category_id", "status", "condition", P], true],
  ["listings_test_level_status_price", ["test_level", "status", P], true],
  ["listings_category_filters", ["category_id", "status", "condition", "brand_key", "test_level", P, "created_at"], false],
  ["listings_brand_status_category", ["brand_key", "status", "category_id", P, "created_at"], false],
  ["listings_status_price_id_category", ["status", P, "id", "category_id"], false],
  ["listings_status_test_level_category", ["status", "test_level", "category_id", P, "created_at"], false],
  ["listings_status_calibration_sorts", ["status", "calibration_date", "created_at", P], false],
];

/** What a search reads to choose and order listings (migration 2026-11-27T0900), now with the reference amount. */
const SEARCHED_COLUMNS = [
  "status",
  "category_id",
  "condition",
  "price_cents",
  "reference_amount",
  "test_level",
  "calibration_date",
  "brand",
  "title",
  "description",
  "model",
  "created_at",
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  const postgres = dialect.name === "postgres";
  await db.schema
    .createTable("exchange_rates")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("rate_date", "text", (c) => c.notNull())
    // A positive decimal as text (never a float): "0.92", "150".
    .addColumn("units_per_usd", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('initial', 'manual', 'csv', 'ecb')`))
    .addColumn("recorded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(dialect.nowDefault))
    .addUniqueConstraint("exchange_rates_currency_date", ["currency", "rate_date"])
    .execute();
  await db.schema
    .createTable("reference_rates")
    .addColumn("currency", "text", (c) => c.primaryKey())
    .addColumn("reference_currency", "text", (c) => c.notNull())
    // Minor units of the reference currency per minor unit of `currency`.
    .addColumn("factor", postgres ? sql`double precision` : "real", (c) => c.notNull())
    .addColumn("rate_date", "text", (c) => c.notNull())
    .execute();
  for (const [currency, units] of STARTING_RATES) {
    await db.insertInto("exchange_rates").values({ currency, rate_date: STARTING_DATE, units_per_usd: units, source: "initial" }).execute();
    // Every currency is stored in hundredths, so the factor to USD is 1 / (units per USD).
    await db
      .insertInto("reference_rates")
      .values({ currency, reference_currency: "USD", factor: 1 / Number(units), rate_date: STARTING_DATE })
      .execute();
  }

  await db.schema
    .alterTable("equipment_listings")
    .addColumn("reference_amount", postgres ? "bigint" : "integer")
    .execute();
  await db.schema
    .alterTable("listing_search_rows")
    .addColumn("reference_amount", postgres ? "bigint" : "integer")
    .execute();

  if (postgres) await upPostgres(db);
  else await upSqlite(db);

  for (const [name, columns, withId] of PRICE_INDEXES) {
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on("equipment_listings")
      .columns(postgres && withId ? [...columns, "id"] : [...columns])
      .execute();
  }
  if (postgres) {
    await sql`analyze equipment_listings`.execute(db);
    await sql`analyze listing_search_rows`.execute(db);
    return;
  }
  const analysed = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(db);
  if (analysed.rows.length === 0) return;
  await sql`analyze equipment_listings`.execute(db);
  await sql`update sqlite_stat1 set stat = stat || ' noskipscan' where stat not like '%noskipscan%'`.execute(db);
  await sql`analyze sqlite_schema`.execute(db);
}

/** SQLite: the reference amount of the row being updated (`equipment_listings` unaliased), rounded half up. */
const SQLITE_AMOUNT = `cast(coalesce(
    (select a.current_price_cents from auctions a where a.listing_id = equipment_listings.id and a.status in ('upcoming', 'active')
      order by a.id desc limit 1),
    equipment_listings.price_cents) * (select r.factor from reference_rates r where r.currency = equipment_listings.currency) + 0.5 as integer)`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
async function upSqlite(db: Kysely<any>): Promise<void> {
  await sql.raw(`update equipment_listings set reference_amount = ${SQLITE_AMOUNT}`).execute(db);
  // The search rows: copied from the listing's stored row (not NEW), so the copy holds the reference amount whichever
  // of the insert triggers runs first.
  const copied = ["status", "category_id", "brand_key", "condition", "test_level", "calibration_date", "price_cents", "reference_amount", "created_at"];
  const sources = ["status", "category_id", "brand", "condition", "test_level", "calibration_date", "price_cents", "reference_amount", "created_at"];
  const columns = copied.join(", ");
  await sql
    .raw(`update listing_search_rows set reference_amount = (select l.reference_amount from equipment_listings l where l.id = listing_search_rows.id)`)
    .execute(db);
  const copy = `insert or replace into listing_search_rows (id, ${columns}) select id, ${columns} from equipment_listings where id = new.id;`;
  await sql`drop trigger listing_search_rows_insert`.execute(db);
  await sql`drop trigger listing_search_rows_update`.execute(db);
  await sql.raw(`create trigger listing_search_rows_insert after insert on equipment_listings begin ${copy} end`).execute(db);
  await sql.raw(`create trigger listing_search_rows_update after update of ${sources.join(", ")} on equipment_listings begin ${copy} end`).execute(db);
  // The search version.
  await sql`drop trigger listing_search_state_au`.execute(db);
  await sql
    .raw(
      `create trigger listing_search_state_au after update of ${SEARCHED_COLUMNS.join(", ")} on equipment_listings
        begin update listing_search_state set version = version + 1 where id = 1; end`,
    )
    .execute(db);
  // The reference amount itself.
  const recompute = (listingId: string) => `update equipment_listings set reference_amount = ${SQLITE_AMOUNT} where id = ${listingId};`;
  await sql
    .raw(`create trigger listing_reference_amount_insert after insert on equipment_listings when new.reference_amount is null begin ${recompute("new.id")} end`)
    .execute(db);
  await sql
    .raw(`create trigger listing_reference_amount_update after update of price_cents, currency on equipment_listings begin ${recompute("new.id")} end`)
    .execute(db);
  await sql.raw(`create trigger auction_reference_amount_insert after insert on auctions begin ${recompute("new.listing_id")} end`).execute(db);
  await sql
    .raw(`create trigger auction_reference_amount_update after update of current_price_cents, status on auctions begin ${recompute("new.listing_id")} end`)
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema on purpose
async function upPostgres(db: Kysely<any>): Promise<void> {
  await sql`create function listing_reference_amount(listing bigint, price bigint, listing_currency text) returns bigint
    language sql stable as $$
      select floor(coalesce(
          (select a.current_price_cents from auctions a where a.listing_id = listing and a.status in ('upcoming', 'active')
            order by a.id desc limit 1),
          price) * r.factor + 0.5)::bigint
        from reference_rates r where r.currency = listing_currency
    $$`.execute(db);
  await sql`update equipment_listings set reference_amount = listing_reference_amount(id, price_cents, currency)`.execute(db);
  await sql`update listing_search_rows s set reference_amount = l.reference_amount from equipment_listings l where l.id = s.id`.execute(db);

  // The listing's own row, before it is written: nothing is written twice.
  await sql`create function set_listing_reference_amount() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' and new.reference_amount is not null then return new; end if;
      new.reference_amount := listing_reference_amount(new.id, new.price_cents, new.currency);
      return new;
    end
    $$`.execute(db);
  await sql`create trigger listing_reference_amount before insert or update of price_cents, currency on equipment_listings
    for each row execute function set_listing_reference_amount()`.execute(db);
  await sql`create function set_auction_listing_reference_amount() returns trigger language plpgsql as $$
    begin
      update equipment_listings set reference_amount = listing_reference_amount(id, price_cents, currency)
        where id = new.listing_id and reference_amount is distinct from listing_reference_amount(id, price_cents, currency);
      return null;
    end
    $$`.execute(db);
  await sql`create trigger auction_reference_amount after insert or update of current_price_cents, status on auctions
    for each row execute function set_auction_listing_reference_amount()`.execute(db);

  // The search rows copy it (the function named by both triggers of migration 2026-11-28T0900, replaced in place).
  const copied = [
    "status",
    "category_id",
    "brand_key",
    "condition",
    "test_level",
    "calibration_date",
    "price_cents",
    "reference_amount",
    "created_at",
    "search_vector",
  ];
  const sources = [
    "status",
    "category_id",
    "brand",
    "condition",
    "test_level",
    "calibration_date",
    "price_cents",
    "reference_amount",
    "created_at",
    "title",
    "description",
    "model",
  ];
  const columns = copied.join(", ");
  const assignments = copied.map((column) => `${column} = excluded.${column}`).join(", ");
  const values = copied.map((column) => `new.${column}`).join(", ");
  await sql
    .raw(
      `create or replace function copy_listing_search_row() returns trigger language plpgsql as $$
        begin
          insert into listing_search_rows (id, ${columns}) values (new.id, ${values})
            on conflict (id) do update set ${assignments};
          return null;
        end
        $$`,
    )
    .execute(db);
  await sql`drop trigger listing_search_rows_update on equipment_listings`.execute(db);
  await sql
    .raw(
      `create trigger listing_search_rows_update after update of ${sources.join(", ")} on equipment_listings
        for each row execute function copy_listing_search_row()`,
    )
    .execute(db);
  await sql`drop trigger listing_search_state_update on equipment_listings`.execute(db);
  await sql
    .raw(
      `create trigger listing_search_state_update after update of ${SEARCHED_COLUMNS.join(", ")} on equipment_listings
        for each statement execute function bump_listing_search_state()`,
    )
    .execute(db);
}
