// Makes one kind of write fail on purpose, on either engine, so a test can show that a service leaves nothing behind
// when a later step of its transaction fails: a trigger that raises `message` (SQLite `raise(abort, …)`, PostgreSQL a
// PL/pgSQL trigger function raising an exception). The error the statement fails with carries `message` on both.
import { sql, type Kysely } from "kysely";
import { engineOf } from "../../db/dialect.ts";
import type { Database } from "../../db/schema.ts";

export interface RefusedWrite {
  /** The trigger's name (and on PostgreSQL its function's): a plain identifier. */
  name: string;
  table: keyof Database & string;
  event: "insert" | "update";
  /** Only rows whose new `column` equals `equals` are refused (all rows without it). */
  when?: { column: string; equals: string };
  /** What the failing statement's error says. */
  message: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const PLAIN_TEXT = /^[\w .@-]*$/;

/** Installs the refusal and returns the function that removes it again. */
export async function refuseWrites(db: Kysely<Database>, refusal: RefusedWrite): Promise<() => Promise<void>> {
  const { name, table, event, when, message } = refusal;
  // Trigger bodies cannot take bound parameters: only identifiers and plain text are let into the SQL.
  for (const identifier of [name, table, when?.column ?? "id"]) {
    if (!IDENTIFIER.test(identifier)) throw new Error(`refuseWrites: not a plain identifier: ${identifier}`);
  }
  for (const text of [message, when?.equals ?? ""]) {
    if (!PLAIN_TEXT.test(text)) throw new Error(`refuseWrites: not plain text: ${text}`);
  }
  const condition = when ? `new.${when.column} = '${when.equals}'` : null;
  if (engineOf(db) === "sqlite") {
    await sql
      .raw(`create trigger ${name} before ${event} on ${table} ${condition ? `when ${condition}` : ""} begin select raise(abort, '${message}'); end`)
      .execute(db);
    return async () => {
      await sql.raw(`drop trigger ${name}`).execute(db);
    };
  }
  await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception '${message}'; end $$`).execute(db);
  await sql
    .raw(`create trigger ${name} before ${event} on ${table} for each row ${condition ? `when (${condition})` : ""} execute function ${name}()`)
    .execute(db);
  return async () => {
    await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
    await sql.raw(`drop function ${name}()`).execute(db);
  };
}
