// Which database a listings benchmark runs on: the SQLite file data/bench-N.sqlite (the default), or with
// --database postgres://… (or DATABASE_URL=postgres://…) a PostgreSQL copy of that same file, so both engines hold
// the same listings and replay the same query mix. Given the cluster's admin database (…/postgres), the copy is
// the database tradebench_bench_N in that cluster, made once by `seed:bench --database` and reused afterwards;
// given any other database, that database is used as it is (seeded first when it has no listings).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const uploadsDir = path.resolve("data/bench-uploads");
const isPostgres = (url) => /^postgres(ql)?:\/\//i.test(url ?? "");

/** The --database option, else DATABASE_URL when it names PostgreSQL, else SQLite. */
export function chosenDatabase(option) {
  if (option) return option;
  return isPostgres(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
}

function seed(size, extra = []) {
  const seeded = spawnSync("npm", ["run", "seed:bench", "--", "--listings", String(size), ...extra], { stdio: "inherit" });
  if (seeded.status !== 0) throw new Error("seed:bench failed");
}

/** The SQLite bench database of `size` listings and its pictures, made when missing. */
export function ensureSqliteBench(size) {
  const file = path.resolve(`data/bench-${size}.sqlite`);
  if (!fs.existsSync(file) || !fs.existsSync(path.join(uploadsDir, "listings", "0"))) {
    console.log(`Seeding ${file} …`);
    seed(size, ["--force"]);
  }
  return file;
}

async function listingCount(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const table = await client.query("select to_regclass('equipment_listings') as t");
    if (!table.rows[0].t) return 0;
    return Number((await client.query("select count(*) as n from equipment_listings")).rows[0].n);
  } finally {
    await client.end();
  }
}

/**
 * The bench database for `size` listings on the chosen engine: { engine, url (what DATABASE_URL gets), sqliteFile
 * (the mix and listing ids are read from it), label }.
 */
export async function benchDatabase(size, option) {
  const sqliteFile = ensureSqliteBench(size);
  const chosen = chosenDatabase(option);
  if (!chosen) return { engine: "sqlite", url: sqliteFile, sqliteFile, label: path.relative(process.cwd(), sqliteFile) };
  if (!isPostgres(chosen)) {
    const file = path.resolve(chosen);
    return { engine: "sqlite", url: file, sqliteFile: file, label: path.relative(process.cwd(), file) };
  }
  const url = new URL(chosen);
  if (url.pathname === "/postgres" || url.pathname === "/") {
    const name = `tradebench_bench_${size}`;
    const admin = new pg.Client({ connectionString: chosen });
    await admin.connect();
    try {
      const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (exists.rowCount === 0) await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    url.pathname = `/${name}`;
  }
  const target = url.toString();
  const count = await listingCount(target);
  if (count === 0) {
    console.log(`Copying data/bench-${size}.sqlite into ${url.pathname.slice(1)} on ${url.host} (seed:bench) …`);
    seed(size, ["--database", target]);
  } else if (count !== size) {
    console.log(`note: ${url.pathname.slice(1)} holds ${count.toLocaleString("en-US")} listings, not ${size.toLocaleString("en-US")}`);
  }
  return { engine: "postgres", url: target, sqliteFile, label: `PostgreSQL ${url.host}${url.pathname}` };
}
