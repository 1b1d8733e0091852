// `npm run db:copy-to-postgres`: a SQLite marketplace moved into an empty PostgreSQL database keeps
// every row and id, new rows continue after the copied ids, and a database that already holds data is refused.
// It needs both engines, so it runs in the PostgreSQL run of the suite only (TEST_DATABASE_URL set): the SQLite side
// is a file this test seeds itself.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "kysely";
import { openDatabase, type OpenedDatabase } from "#db/dialect.ts";
import { migrateToLatest } from "#db/migrate.ts";
import { syncReferenceData } from "#db/reference-data.ts";
import { seedDemoMarketplace } from "#db/seed/demo.ts";
import type * as PasswordModule from "~/services/accounts/password.server.ts";
import { DiskStore } from "~/services/storage/index.server.ts";
import { copySqliteToPostgres, type CopyReport } from "../../../scripts/db-copy-to-postgres.ts";
import { onCluster, testPostgresUrl, withDatabaseName } from "../../support/postgres-test-databases.ts";
import { onPostgres } from "../../support/test-database.ts";
import { LISTING_ROW_COLUMNS } from "~/services/listings/listing-columns.server.ts";

// Nobody signs in here, so the accounts get a cheap stand-in hash instead of scrypt.
vi.mock("~/services/accounts/password.server.ts", async (importOriginal) => {
  const real = await importOriginal<typeof PasswordModule>();
  return { ...real, hashPassword: () => Promise.resolve("cheap-test-hash") };
});

const TMP_DIR = path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp");
const runId = crypto.randomUUID().replaceAll("-", "");
const sqliteFile = path.join(TMP_DIR, `copy-source-${runId}.sqlite`);
const uploadsDir = path.join(TMP_DIR, `copy-uploads-${runId}`);
const targetName = `copy_target_${runId}`;
const seededTarget = `copy_seeded_${runId}`;

let source: OpenedDatabase;
let target: OpenedDatabase;
let report: CopyReport;

// Only the PostgreSQL run has a cluster to copy into.
describe.skipIf(!onPostgres)("copying a SQLite database to PostgreSQL", () => {
  const adminUrl = testPostgresUrl() ?? "";

  beforeAll(async () => {
    fs.mkdirSync(TMP_DIR, { recursive: true });
    source = openDatabase({ url: sqliteFile, synchronous: "OFF" });
    await migrateToLatest(source.db, source.dialect);
    await syncReferenceData(source.db);
    await seedDemoMarketplace(source.db, { uploads: new DiskStore(uploadsDir) });
    await onCluster(adminUrl, [`create database ${targetName}`, `create database ${seededTarget}`]);
    report = await copySqliteToPostgres({ from: sqliteFile, to: withDatabaseName(adminUrl, targetName) });
    target = openDatabase({ url: withDatabaseName(adminUrl, targetName), poolSize: 2 });
  }, 240_000);

  afterAll(async () => {
    await target?.close();
    await source?.close();
    if (adminUrl) await onCluster(adminUrl, [`drop database if exists ${targetName} with (force)`, `drop database if exists ${seededTarget} with (force)`]);
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(`${sqliteFile}${suffix}`, { force: true });
    fs.rmSync(uploadsDir, { recursive: true, force: true });
  });

  it("copies every table with the same number of rows, leaving SQLite's full-text index behind", () => {
    const counts = new Map(report.tables.map((row) => [row.table, row]));
    for (const row of report.tables) expect(row.postgres, row.table).toBe(row.sqlite);
    for (const table of ["users", "profiles", "equipment_listings", "equipment_images", "auctions", "bids", "orders", "categories", "role_permissions"]) {
      expect(counts.get(table)?.sqlite, table).toBeGreaterThan(0);
    }
    const ftsIndex = /^listing_search(_(config|content|data|docsize|idx))?$/;
    expect(report.tables.some((row) => ftsIndex.test(row.table) || row.table.startsWith("kysely_"))).toBe(false);
    // The search version row is a real table on both engines: the source's row replaces the migration's.
    expect(report.tables.find((row) => row.table === "listing_search_state")).toEqual({ table: "listing_search_state", sqlite: 1, postgres: 1 });
    expect(report.skipped).toContain("listing_search");
    expect(report.skipped).toContain("listing_search_rows");
  });

  it("keeps every listing's reference amount as the source had it (the rates are copied before the auctions)", async () => {
    const amounts = async (opened: OpenedDatabase) =>
      (await opened.db.selectFrom("equipment_listings").select(["id", "reference_amount"]).orderBy("id").execute()).map((row) => [
        Number(row.id),
        row.reference_amount === null ? null : Number(row.reference_amount),
      ]);
    const copied = await amounts(target);
    expect(copied.filter(([, amount]) => amount === null)).toEqual([]);
    expect(copied).toEqual(await amounts(source));
  });

  it("leaves the narrow search rows to the target's triggers, one per copied listing", async () => {
    const countOf = async (opened: OpenedDatabase, table: "equipment_listings" | "listing_search_rows") =>
      Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(opened.db)).rows[0]!.n);
    expect(await countOf(target, "listing_search_rows")).toBe(await countOf(source, "equipment_listings"));
    expect(await countOf(source, "listing_search_rows")).toBe(await countOf(source, "equipment_listings"));
  });

  it("keeps ids and values: listings, an auction's bids, the profiles", async () => {
    const listingsFrom = async (opened: OpenedDatabase) =>
      opened.db
        .selectFrom("equipment_listings")
        .select(["id", "title", "price_cents", "status", "created_at", "user_id", "category_id"])
        .orderBy("id")
        .execute();
    expect(await listingsFrom(target)).toEqual(await listingsFrom(source));

    const hot = await source.db
      .selectFrom("bids")
      .select("auction_id")
      .groupBy("auction_id")
      .orderBy((eb) => eb.fn.countAll(), "desc")
      .executeTakeFirstOrThrow();
    const bidsFrom = async (opened: OpenedDatabase) =>
      opened.db.selectFrom("bids").selectAll().where("auction_id", "=", hot.auction_id).orderBy("id").execute();
    const sourceBids = await bidsFrom(source);
    expect(sourceBids.length).toBeGreaterThan(1);
    expect(await bidsFrom(target)).toEqual(sourceBids);

    const profilesFrom = async (opened: OpenedDatabase) => opened.db.selectFrom("profiles").selectAll().orderBy("email").execute();
    expect(await profilesFrom(target)).toEqual(await profilesFrom(source));
  });

  it("gives a listing created on PostgreSQL the id after the copied ones", async () => {
    // The listing's own columns: the search index's generated search_vector is PostgreSQL's to fill.
    const copied = await target.db.selectFrom("equipment_listings").select(LISTING_ROW_COLUMNS).orderBy("id", "desc").executeTakeFirstOrThrow();
    const { id: _copiedId, ...values } = copied;
    const created = await target.db
      .insertInto("equipment_listings")
      .values({ ...values, title: `${copied.title} (listed after the move)` })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(created.id).toBe(copied.id + 1);

    const lastBid = await target.db.selectFrom("bids").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
    const { id: _bidId, ...bid } = lastBid;
    const newBid = await target.db.insertInto("bids").values(bid).returning("id").executeTakeFirstOrThrow();
    expect(newBid.id).toBe(lastBid.id + 1);
  });

  it("refuses a database that already holds data, and says so", async () => {
    const firstUrl = withDatabaseName(adminUrl, seededTarget);
    await copySqliteToPostgres({ from: sqliteFile, to: firstUrl });
    const usersBefore = await countUsers(firstUrl);
    const again = spawnSync(process.execPath, ["--import", "tsx", "scripts/db-copy-to-postgres.ts", "--from", sqliteFile, "--to", firstUrl], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: "" },
    });
    expect(again.status).not.toBe(0);
    expect(again.stderr).toMatch(/The PostgreSQL database is not empty: .*users \(\d+ rows?\)/);
    expect(again.stderr).toContain("nothing was copied");
    expect(await countUsers(firstUrl)).toBe(usersBefore);
  }, 120_000);
});

async function countUsers(url: string): Promise<number> {
  const opened = openDatabase({ url, poolSize: 1 });
  try {
    const row = await opened.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await opened.close();
  }
}
