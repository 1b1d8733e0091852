// The service integration suite on PostgreSQL: with TEST_DATABASE_URL set to a superuser's URL on a
// throwaway cluster (scripts/postgres-cluster.mjs), the global setup migrates one template database and each test
// file gets its own database copied from it (CREATE DATABASE … TEMPLATE, a file copy: no migration per file).
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";

/** One template per test temp folder (TEST_TMP_DIR), so two runs on one cluster keep apart. */
export const POSTGRES_TEMPLATE = `template_${crypto
  .createHash("sha256")
  .update(path.resolve(process.env.TEST_TMP_DIR ?? "tests/.tmp"))
  .digest("hex")
  .slice(0, 12)}`;

/** The admin URL of the test cluster, when the suite runs on PostgreSQL. */
export function testPostgresUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL ?? "";
  return /^postgres(ql)?:\/\//.test(url) ? url : null;
}

/** The cluster's URL with another database name. */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Runs statements on the cluster's maintenance database. */
export async function onCluster(adminUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

export function newTestDatabaseName(): string {
  return `test_${crypto.randomUUID().replaceAll("-", "")}`;
}

export const createFromTemplate = (adminUrl: string, name: string) => onCluster(adminUrl, [`create database ${name} template ${POSTGRES_TEMPLATE}`]);
export const dropDatabase = (adminUrl: string, name: string) => onCluster(adminUrl, [`drop database if exists ${name} with (force)`]);
